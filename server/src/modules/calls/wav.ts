/**
 * A short synthetic recording for the seat simulator: 8 kHz, 8-bit mono PCM WAV with a soft
 * two-tone pattern standing in for speech. Capped in length so a long simulated call stays small.
 */

const RATE = 8000;
export const MAX_RECORDING_SECONDS = 30;

export function simulatedRecording(seconds: number): Buffer {
  const length = Math.max(1, Math.min(MAX_RECORDING_SECONDS, Math.round(seconds)));
  const samples = RATE * length;
  const buf = Buffer.alloc(44 + samples);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + samples, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // PCM chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(RATE, 24);
  buf.writeUInt32LE(RATE, 28); // byte rate
  buf.writeUInt16LE(1, 32); // block align
  buf.writeUInt16LE(8, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) {
    const t = i / RATE;
    // Alternate "voices" every 1.5 s, with short pauses, at a low volume.
    const phrase = Math.floor(t / 1.5);
    const inPause = t % 1.5 > 1.2;
    const freq = phrase % 2 === 0 ? 220 : 330;
    const v = inPause
      ? 0
      : Math.sin(2 * Math.PI * freq * t) * 0.25 * Math.sin((Math.PI * (t % 0.3)) / 0.3);
    buf.writeUInt8(Math.round(128 + v * 127), 44 + i);
  }
  return buf;
}
