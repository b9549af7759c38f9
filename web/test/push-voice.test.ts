import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUEUES } from '@hotline/domain';
import {
  VoicePlayer,
  shouldSound,
  voiceSrc,
  type AlertSettings,
  type AudioLike,
} from '../src/features/push/voice';

/** Vitest runs in the web workspace. */
const PUBLIC = resolve(process.cwd(), 'public');

class FakeAudio implements AudioLike {
  src = '';
  volume = 1;
  loop = false;
  paused = true;
  ended = false;
  onended: (() => void) | null = null;
  plays: { src: string; volume: number; loop: boolean }[] = [];
  constructor(private readonly refuse: () => boolean = () => false) {}
  play(): Promise<void> {
    this.plays.push({ src: this.src, volume: this.volume, loop: this.loop });
    if (this.refuse()) {
      return Promise.reject(Object.assign(new Error('blocked'), { name: 'NotAllowedError' }));
    }
    this.paused = false;
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
  finish() {
    this.paused = true;
    this.ended = true;
    this.onended?.();
  }
}

const SETTINGS: AlertSettings = {
  on: true,
  voice: 2,
  volume: 60,
  loop: false,
  lists: ['jd_dqs', 'qu_dfp'],
};

describe('voice files', () => {
  it('every queue with a notice has a small file in both voices', () => {
    for (const q of QUEUES.filter((x) => x.notice)) {
      for (const voice of [1, 2] as const) {
        const src = voiceSrc(q.id, voice)!;
        const file = join(PUBLIC, src);
        expect(existsSync(file), file).toBe(true);
        expect(statSync(file).size).toBeLessThan(40_000);
      }
    }
    expect(voiceSrc('qu_ybj', 1)).toBeNull();
    expect(voiceSrc('jd_dqs', 1)).toBe('/static/voice/1/order-to-be-signed-for.mp3');
    expect(voiceSrc('jd_dqs', 2, '/console/')).toBe(
      '/console/static/voice/2/order-to-be-signed-for.mp3',
    );
  });
});

describe('alert rules', () => {
  it('sounds only with the voice icon on and the queue in audioset_lists', () => {
    expect(shouldSound('jd_dqs', SETTINGS)).toBe(true);
    expect(shouldSound('jd_dqs', { ...SETTINGS, on: false })).toBe(false);
    expect(shouldSound('bm_dqs', SETTINGS)).toBe(false);
    expect(shouldSound('qu_ybj', { ...SETTINGS, lists: ['qu_ybj'] })).toBe(false);
  });

  it('plays the chosen voice at the chosen volume and loop', async () => {
    const audio = new FakeAudio();
    const player = new VoicePlayer(
      () => audio,
      () => {},
    );
    expect(player.alert('jd_dqs', { ...SETTINGS, voice: 1, loop: true })).toBe(true);
    await Promise.resolve();
    expect(audio.plays).toEqual([
      { src: '/static/voice/1/order-to-be-signed-for.mp3', volume: 0.6, loop: true },
    ]);
    expect(player.alert('bm_dqs', SETTINGS)).toBe(false);
    player.stop();
    expect(audio.paused).toBe(true);
    expect(audio.loop).toBe(false);
  });

  it('queues alerts that arrive while one plays', async () => {
    const audio = new FakeAudio();
    const player = new VoicePlayer(
      () => audio,
      () => {},
    );
    player.alert('jd_dqs', SETTINGS);
    await Promise.resolve();
    player.alert('qu_dfp', SETTINGS);
    expect(audio.plays).toHaveLength(1);
    audio.finish();
    await Promise.resolve();
    expect(audio.plays.map((p) => p.src)).toEqual([
      '/static/voice/2/order-to-be-signed-for.mp3',
      '/static/voice/2/order-to-be-assigned.mp3',
    ]);
  });

  it('a browser that blocks autoplay raises the prompt; its click plays and clears it', async () => {
    let refuse = true;
    const audio = new FakeAudio(() => refuse);
    const states: boolean[] = [];
    const player = new VoicePlayer(
      () => audio,
      (b) => states.push(b),
    );
    player.alert('jd_dqs', SETTINGS);
    await new Promise((r) => setTimeout(r, 0));
    expect(states).toEqual([true]);
    refuse = false;
    expect(await player.unlock()).toBe(true);
    expect(states).toEqual([true, false]);
    expect(audio.plays).toHaveLength(2);
    expect(audio.plays[1]!.src).toBe('/static/voice/2/order-to-be-signed-for.mp3');
  });
});
