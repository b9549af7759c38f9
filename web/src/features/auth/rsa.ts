import type Forge from 'node-forge';

/**
 * RSA-OAEP (SHA-256) encryption of login payloads (docs/api.md, "RSA payloads"): the JSON is
 * encrypted in chunks of at most `chunkBytes` bytes, the 256-byte blocks are concatenated and
 * sent base64-encoded. WebCrypto does it where the page is a secure context; elsewhere (plain
 * http on an intranet address) node-forge is loaded on demand.
 */

function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(b64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function chunks(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

function concat(blocks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(blocks.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const block of blocks) {
    out.set(block, at);
    at += block.length;
  }
  return out;
}

async function encryptWithWebCrypto(
  subtle: SubtleCrypto,
  data: Uint8Array,
  spkiBase64: string,
  chunkBytes: number,
): Promise<Uint8Array> {
  const key = await subtle.importKey(
    'spki',
    base64ToBytes(spkiBase64),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const blocks: Uint8Array[] = [];
  for (const chunk of chunks(data, chunkBytes)) {
    blocks.push(new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, key, chunk.slice())));
  }
  return concat(blocks);
}

async function encryptWithForge(
  data: Uint8Array,
  spkiBase64: string,
  chunkBytes: number,
): Promise<Uint8Array> {
  const forge = (await import('node-forge')).default;
  const asn1 = forge.asn1.fromDer(forge.util.decode64(spkiBase64));
  const key = forge.pki.publicKeyFromAsn1(asn1) as Forge.pki.rsa.PublicKey;
  const blocks = chunks(data, chunkBytes).map((chunk) => {
    const binary = String.fromCharCode(...chunk);
    const encrypted = key.encrypt(binary, 'RSA-OAEP', {
      md: forge.md.sha256.create(),
      mgf1: { md: forge.md.sha256.create() },
    });
    return Uint8Array.from(encrypted, (c: string) => c.charCodeAt(0));
  });
  return concat(blocks);
}

export interface RsaOptions {
  chunkBytes?: number;
  /** Force the node-forge path (used by tests; pages decide by `crypto.subtle`). */
  forceForge?: boolean;
}

export async function rsaEncryptJson(
  payload: unknown,
  spkiBase64: string,
  { chunkBytes = 190, forceForge = false }: RsaOptions = {},
): Promise<string> {
  const data = new TextEncoder().encode(JSON.stringify(payload));
  const subtle = globalThis.crypto?.subtle;
  const bytes =
    subtle && !forceForge
      ? await encryptWithWebCrypto(subtle, data, spkiBase64, chunkBytes)
      : await encryptWithForge(data, spkiBase64, chunkBytes);
  return bytesToBase64(bytes);
}
