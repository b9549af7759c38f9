#!/usr/bin/env node
/**
 * Generates the voice alerts under web/public/static/voice (spec section 9): one file per notice
 * type in two voices, 1 = male, 2 = female (`audioset_voice`). Run once by hand; the output is
 * committed, so neither CI nor other machines need these tools. Needs espeak-ng (Mandarin
 * voice `cmn`) and lame: `apt-get install -y espeak-ng lame`.
 *
 * The texts are the notice texts of packages/domain/src/queues.ts; the file name is the English
 * text as a slug (web/src/features/push/voice.ts derives the same name from the queue).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const NOTICES = [
  ['您有新的待签收工单', 'order to be signed for'],
  ['您有新的待办理工单', 'order to be handled'],
  ['您有新的待审核工单', 'order to be reviewed'],
  ['您有新的待回访工单', 'order to be called back'],
  ['您有新的待分派工单', 'order to be assigned'],
  ['有工单被标记为重点诉求', 'order marked as key appeal'],
  ['有工单被市级退回', 'order returned by the city'],
  ['您有被驳回的工单', 'order rejected back to you'],
  ['您有即将超期的工单', 'order close to its deadline'],
];
/** audioset_voice → espeak-ng voice variant. */
const VOICES = { 1: 'cmn+m3', 2: 'cmn+f3' };

export const slug = (en) => en.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const out = join(root, 'web/public/static/voice');
const work = mkdtempSync(join(tmpdir(), 'voice-'));
let total = 0;
try {
  for (const [voice, variant] of Object.entries(VOICES)) {
    mkdirSync(join(out, voice), { recursive: true });
    for (const [zh, en] of NOTICES) {
      const wav = join(work, `${slug(en)}.wav`);
      const mp3 = join(out, voice, `${slug(en)}.mp3`);
      execFileSync('espeak-ng', ['-v', variant, '-s', '165', '-w', wav, zh]);
      // 16 kHz mono at 24 kbit/s: a few kilobytes per alert.
      execFileSync('lame', ['--quiet', '-b', '24', '-m', 'm', '--resample', '16', wav, mp3]);
      total += statSync(mp3).size;
      console.log(`${voice}/${slug(en)}.mp3  ${zh}`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(
  `${Object.keys(VOICES).length * NOTICES.length} files, ${Math.round(total / 1024)} KiB`,
);
