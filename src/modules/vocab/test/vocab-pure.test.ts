import { describe, expect, it } from 'vitest';
import { compileAlphabet, graphemes, sortKey } from '../alphabet';
import { foldedText, foldSpelling } from '../fold';
import { PART_OF_SPEECH_VALUES, wordClassOf } from '../parts-of-speech';
import { vocabCategoryEntries } from '../categories';
import {
  encodeWav,
  micErrorKind,
  recordingBlocker,
  recordingFileName,
  soundBounds,
  trimSilence,
} from '../client/recorder-model';
import { dayIndex } from '../client/WordOfTheDay';
import { speakerName } from '../speaker';
import { DEMO_ALPHABET } from '../server/demo';

// The vocabulary module's pure parts: the alphabet sort key, search folding, parts of speech,
// and the recorder's trimming and WAV writing.

const A = compileAlphabet(DEMO_ALPHABET);
const sorted = (words: string[], a = A) =>
  [...words].sort((x, y) => (sortKey(x, a) < sortKey(y, a) ? -1 : 1));

describe('alphabet sort key', () => {
  it('cuts a label into the longest declared graphemes', () => {
    expect(graphemes('kwetł', A).map((g) => g.unit)).toEqual(['kw', 'e', 'tł']);
    expect(graphemes('x̱áyem', A).map((g) => g.unit)).toEqual(['x̱', 'á', 'y', 'e', 'm']);
    expect(graphemes('tsíma', A).map((g) => g.unit)).toEqual(['ts', 'í', 'm', 'a']);
  });

  it('orders words by the declared alphabet, not by code points', () => {
    // k < kw, t < tł < ts, x < x̱, and ʔ last: no general collation gives this.
    expect(
      sorted(['kwáli', 'kamach', 'tsíma', 'tłéxw', 'tamu', 'x̱áyem', 'xélu', 'ʔeyé', 'ánets', 'hálo']),
    ).toEqual(['ánets', 'hálo', 'kamach', 'kwáli', 'tamu', 'tłéxw', 'tsíma', 'xélu', 'x̱áyem', 'ʔeyé']);
  });

  it('puts a word break before any letter and is case-blind', () => {
    expect(sorted(['ʔeyé skwáyel', 'ʔeyés', 'ʔeyé'])).toEqual(['ʔeyé', 'ʔeyé skwáyel', 'ʔeyés']);
    expect(sortKey('Kwáli', A)).toBe(sortKey('kwáli', A));
  });

  it('sorts undeclared letters after the alphabet, and sensibly with no alphabet', () => {
    expect(sortKey('b', A) > sortKey('ʔ', A)).toBe(true);
    const none = compileAlphabet([]);
    expect(sorted(['cat', 'Ábc', 'bat'], none)).toEqual(['Ábc', 'bat', 'cat']);
    expect(sortKey('', none)).toBe('');
  });

  it('uses only characters that compare alike in every collation', () => {
    expect(sortKey('x̱áyem ʔeyé-kw', A)).toMatch(/^[0-9a-z]+$/);
  });
});

describe('search folding', () => {
  it('writes a spelling in plain letters as one word', () => {
    expect(foldSpelling('Stó:lō')).toBe('stolo');
    expect(foldSpelling('xʷəlməxʷ')).toBe('xwelmexw');
    expect(foldSpelling('tłéxw')).toBe('tlexw');
    expect(foldSpelling("ʔeyé k'wa")).toBe('eye kwa');
  });
  it('adds only forms that differ from the spelling', () => {
    expect(foldedText(['Stó:lō', 'stolo', 'plain'])).toBe('stolo');
  });
});

describe('parts of speech and categories', () => {
  it('gives each value its part, the nine parts included', () => {
    expect(wordClassOf('TRANSITIVE_VERB')).toBe('VERB');
    expect(wordClassOf('NOUN')).toBe('NOUN');
    expect(wordClassOf('DEMONSTRATIVE')).toBe('NOUN');
    expect(wordClassOf('nothing')).toBeUndefined();
    expect(new Set(PART_OF_SPEECH_VALUES).size).toBe(PART_OF_SPEECH_VALUES.length);
  });
  it('proposes categories with subcategories under their key', () => {
    const keys = vocabCategoryEntries().map((e) => e.key);
    for (const k of ['ANIMALS', 'BODY', 'COLOURS', 'FOOD', 'NUMBERS', 'PLANTS', 'TIME', 'ANIMALS.BIRDS'])
      expect(keys).toContain(k);
  });
});

describe('recorder', () => {
  const rate = 8000;
  const take = () => {
    const s = new Float32Array(rate * 2); // 2 s: silence, 0.5 s of tone, silence
    for (let i = rate * 0.75; i < rate * 1.25; i++) s[i] = 0.5 * Math.sin(i / 3);
    return s;
  };
  it('cuts the silent ends and keeps a little room', () => {
    const [start, end] = soundBounds(take(), rate);
    expect(start / rate).toBeGreaterThan(0.6);
    expect(start / rate).toBeLessThan(0.75);
    expect(end / rate).toBeGreaterThan(1.25);
    expect(end / rate).toBeLessThan(1.4);
    expect(trimSilence(take(), rate).length).toBe(end - start);
    expect(trimSilence(new Float32Array(100), rate).length).toBe(100);
  });
  it('writes a mono 16-bit WAV', () => {
    const buf = encodeWav(new Float32Array([0, 1, -1]), rate);
    const v = new DataView(buf);
    expect(String.fromCharCode(...new Uint8Array(buf, 0, 4))).toBe('RIFF');
    expect(v.getUint16(22, true)).toBe(1);
    expect(v.getUint32(24, true)).toBe(rate);
    expect(v.getInt16(46, true)).toBe(32767);
    expect(v.getInt16(48, true)).toBe(-32768);
  });
  it('explains why it cannot record', () => {
    expect(recordingBlocker({ isSecureContext: false, hasGetUserMedia: true, hasMediaRecorder: true })).toBe(
      'insecure',
    );
    expect(recordingBlocker({ isSecureContext: true, hasGetUserMedia: false, hasMediaRecorder: true })).toBe(
      'unsupported',
    );
    expect(micErrorKind({ name: 'NotAllowedError' })).toBe('denied');
    expect(micErrorKind({ name: 'NotFoundError' })).toBe('noDevice');
  });
  it('names the file for its speaker, and reads the speaker back', () => {
    expect(recordingFileName('Elder Mary/Jack')).toBe('Elder Mary Jack.wav');
    expect(speakerName(recordingFileName('Elder Mary Jack'))).toBe('Elder Mary Jack');
    expect(speakerName('recording.wav')).toBeNull();
  });
  it('picks the same word all day', () => {
    const d = new Date('2026-11-24T01:00:00Z');
    expect(dayIndex(d, 7)).toBe(dayIndex(new Date('2026-11-24T23:00:00Z'), 7));
    expect(dayIndex(d, 0)).toBe(0);
  });
});
