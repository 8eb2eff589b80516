import { CHAT_FILE_MAX_BYTES, MESSAGE_FILES_MAX } from '@motema/shared/chat';
import { describe, expect, it } from 'vitest';
import { filesLeft, kindOfFile, precheckAttachment } from './attachment-precheck.ts';

const file = (type: string, size = 1000) => ({ type, size });

describe('attachment pre-checks', () => {
  it.each([
    ['image/jpeg', 'photo'],
    ['image/PNG', 'photo'],
    ['image/avif', 'photo'],
    ['video/mp4', 'video'],
    ['video/quicktime', 'video'],
    ['video/webm', 'video'],
    ['audio/mpeg', 'audio'],
    ['audio/mp3', 'audio'],
    ['audio/x-m4a', 'audio'],
    ['audio/ogg; codecs=opus', 'audio'],
    ['audio/wav', 'audio'],
    ['image/svg+xml', null],
    ['image/gif', null],
    ['image/heic', null],
    ['text/html', null],
    ['application/pdf', null],
    ['video/x-msvideo', null],
    ['', null],
  ])('%s is sent as %s', (type, kind) => {
    expect(kindOfFile(file(type))).toBe(kind);
  });

  it('refuses by size per kind, and empty files', () => {
    expect(precheckAttachment(file('image/jpeg', CHAT_FILE_MAX_BYTES.photo))).toEqual({
      ok: true,
      kind: 'photo',
    });
    expect(precheckAttachment(file('image/jpeg', CHAT_FILE_MAX_BYTES.photo + 1))).toEqual({
      ok: false,
      error: 'chat_file_too_large',
    });
    expect(precheckAttachment(file('video/mp4', CHAT_FILE_MAX_BYTES.video))).toEqual({
      ok: true,
      kind: 'video',
    });
    expect(precheckAttachment(file('video/mp4', CHAT_FILE_MAX_BYTES.video + 1))).toMatchObject({ ok: false });
    expect(precheckAttachment(file('audio/mpeg', CHAT_FILE_MAX_BYTES.audio + 1))).toMatchObject({
      error: 'chat_file_too_large',
    });
    expect(precheckAttachment(file('audio/mpeg', 0))).toEqual({ ok: false, error: 'chat_file_missing' });
    expect(precheckAttachment(file('image/svg+xml'))).toEqual({
      ok: false,
      error: 'chat_file_type_unsupported',
    });
  });

  it('counts the files a message may still take', () => {
    expect(filesLeft(0)).toBe(MESSAGE_FILES_MAX);
    expect(filesLeft(MESSAGE_FILES_MAX + 3)).toBe(0);
  });
});
