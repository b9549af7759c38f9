import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from '../vite-precompress';

/** The build's compressed copies of the console's assets (vite-precompress.ts). */

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('precompressDir', () => {
  it('writes a brotli and a gzip copy of each text asset, decompressing to the same bytes', () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    const script = `export const texts = ${JSON.stringify(Array(400).fill('工单 work order'))};\n`;
    writeFileSync(join(dir, 'index-abc.js'), script);
    writeFileSync(join(dir, 'style-abc.css'), `.a{color:red}\n`.repeat(200));
    const summary = precompressDir(dir);
    expect(summary.files).toBe(2);
    const original = readFileSync(join(dir, 'index-abc.js'));
    const br = readFileSync(join(dir, 'index-abc.js.br'));
    expect(brotliDecompressSync(br).equals(original)).toBe(true);
    expect(gunzipSync(readFileSync(join(dir, 'index-abc.js.gz'))).equals(original)).toBe(true);
    expect(br.length).toBeLessThan(original.length / 4);
    expect(summary.brotli).toBeLessThan(summary.bytes);
  });

  it('leaves small files, binary files and its own copies alone', () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    writeFileSync(join(dir, 'tiny-abc.js'), 'export {};\n');
    writeFileSync(join(dir, 'voice-abc.mp3'), Buffer.alloc(MIN_BYTES * 4, 7));
    writeFileSync(join(dir, 'big-abc.js'), 'x'.repeat(MIN_BYTES * 4));
    expect(precompressDir(dir).files).toBe(1);
    expect(existsSync(join(dir, 'tiny-abc.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'voice-abc.mp3.br'))).toBe(false);
    // A second build step over the same directory does not compress the copies again.
    expect(precompressDir(dir).files).toBe(1);
    expect(existsSync(join(dir, 'big-abc.js.br.br'))).toBe(false);
  });
});
