import { describe, expect, it } from 'vitest';
import { destinationOf, isSameDestination, mustReenterSecret } from './provider-secret';

describe('destinationOf', () => {
  it.each([
    ['https://api.twilio.com', 'https://api.twilio.com'],
    ['https://api.twilio.com/', 'https://api.twilio.com'],
    ['HTTPS://API.Twilio.com:443/', 'https://api.twilio.com'],
    [' https://llm.example/v1/ ', 'https://llm.example/v1'],
    ['not a url/', 'not a url'],
  ])('reads %j as %j', (url, expected) => {
    expect(destinationOf(url)).toBe(expected);
  });
});

describe('isSameDestination', () => {
  it.each([
    ['https://api.twilio.com', 'https://api.twilio.com/', true],
    ['https://api.openai.com/v1', 'https://api.openai.com/v1/', true],
    ['https://api.twilio.com', 'https://api.twilio.com.evil.example', false],
    ['https://api.twilio.com', 'http://api.twilio.com', false],
    ['https://api.twilio.com', 'https://api.twilio.com:8443', false],
    ['https://llm.example/v1', 'https://llm.example/v2', false],
  ])('%s and %s: %s', (a, b, same) => {
    expect(isSameDestination(a, b)).toBe(same);
  });
});

describe('mustReenterSecret', () => {
  const base = {
    storedDestination: 'https://api.twilio.com',
    nextDestination: 'https://listener.example',
    hasStoredSecret: true,
    secretChanged: false,
  };
  it('asks for the secret when the address moves and none comes with the change', () => {
    expect(mustReenterSecret(base)).toBe(true);
  });
  it.each([
    ['no secret is stored', { hasStoredSecret: false }],
    ['a new secret (or its removal) comes with it', { secretChanged: true }],
    ['the address stays the same', { nextDestination: 'https://api.twilio.com/' }],
  ])('does not when %s', (_name, change) => {
    expect(mustReenterSecret({ ...base, ...change })).toBe(false);
  });
});
