import { webStorage, webTabStorage } from './web/storage.ts';

/**
 * The device's own small store of texts by key: what this install keeps for itself (which install it
 * is, the language chosen here, a refusal to remember...). Features reach it through
 * lib/device-record.ts, never directly. It never throws: a refused storage (a private window, a full
 * one) reads as nothing kept and loses writes quietly, so each caller falls back to the cautious side.
 */
export type DeviceStorage = {
  /** The text kept under `key`, or null (none, or the device keeps nothing). */
  read(key: string): string | null;
  keep(key: string, text: string): void;
  forget(key: string): void;
  /** Whether the device keeps anything at all (a private window may refuse). */
  usable(): boolean;
  /** Calls `listener` when another window of the app changes `key`; returns how to stop. */
  watch(key: string, listener: () => void): () => void;
};

/** This platform's storage: the web's (decision 0038: a native build binds its own here). */
export const deviceStorage: DeviceStorage = webStorage;

/**
 * This platform's storage for the current tab only, lost when it closes (the web: sessionStorage),
 * which outlives a page load: the card flow leaves the app for the provider's page and comes back.
 */
export const tabStorage: DeviceStorage = webTabStorage;
