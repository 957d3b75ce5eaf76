// The register form's captcha (CAPTCHA_PROVIDER on the server): `altcha` is a self-hosted proof
// of work solved here with SubtleCrypto SHA-256; `recaptcha` / `hcaptcha` render the
// provider's widget; `none` shows nothing. The solved token is reported through onToken.
import { Alert, Group, Loader, Text } from '@mantine/core';
import { useApiQuery } from '@headwater/plugin-sdk';
import { useEffect, useRef, useState } from 'react';

type PowChallenge = { algorithm: 'SHA-256'; challenge: string; maxnumber: number; salt: string; signature: string };
type CaptchaConfig = { provider: 'altcha' | 'none' | 'recaptcha' | 'hcaptcha'; siteKey?: string; challenge?: PowChallenge };

/** Searches numbers start..end in one batch of parallel SubtleCrypto digests. */
async function searchBatch(salt: string, target: Uint8Array, start: number, end: number): Promise<number | undefined> {
  const enc = new TextEncoder();
  const numbers = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  const digests = await Promise.all(numbers.map((n) => crypto.subtle.digest('SHA-256', enc.encode(salt + n))));
  const hit = digests.findIndex((d) => {
    const b = new Uint8Array(d);
    for (let i = 0; i < b.length; i++) if (b[i] !== target[i]) return false;
    return true;
  });
  return hit >= 0 ? numbers[hit] : undefined;
}

const hexToBytes = (hex: string) => new Uint8Array((hex.match(/../g) ?? []).map((h) => parseInt(h, 16)));
const BATCH = 1000;

// The same search in a Web Worker, so the page stays responsive while it runs.
const WORKER_SOURCE = `
const hexToBytes = ${hexToBytes.toString()};
const searchBatch = ${searchBatch.toString()};
self.onmessage = async (e) => {
  const { salt, challenge, maxnumber, batch } = e.data;
  const target = hexToBytes(challenge);
  for (let s = 0; s <= maxnumber; s += batch) {
    const n = await searchBatch(salt, target, s, Math.min(maxnumber, s + batch - 1));
    if (n !== undefined) return self.postMessage({ number: n });
  }
  self.postMessage({ number: null });
};`;

function solveInWorker(c: PowChallenge): Promise<number | undefined> | undefined {
  try {
    const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
    const worker = new Worker(url);
    return new Promise((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<{ number: number | null }>) => {
        worker.terminate();
        URL.revokeObjectURL(url);
        resolve(e.data.number ?? undefined);
      };
      worker.onerror = (e) => {
        worker.terminate();
        URL.revokeObjectURL(url);
        e.preventDefault();
        reject(new Error('worker failed'));
      };
      worker.postMessage({ salt: c.salt, challenge: c.challenge, maxnumber: c.maxnumber, batch: BATCH });
    });
  } catch {
    return undefined;
  }
}

async function solveHere(c: PowChallenge, cancelled: () => boolean): Promise<number | undefined> {
  const target = hexToBytes(c.challenge);
  for (let s = 0; s <= c.maxnumber; s += BATCH) {
    if (cancelled()) return undefined;
    const n = await searchBatch(c.salt, target, s, Math.min(c.maxnumber, s + BATCH - 1));
    if (n !== undefined) return n;
    await new Promise((r) => setTimeout(r, 0));
  }
  return undefined;
}

/** Finds the number n with sha256(salt + n) = challenge (SubtleCrypto SHA-256, in a worker
 * when the browser allows one) and returns the ALTCHA payload. */
export async function solveChallenge(c: PowChallenge, cancelled: () => boolean): Promise<string | undefined> {
  let n: number | undefined;
  const inWorker = solveInWorker(c);
  try {
    n = inWorker ? await inWorker : await solveHere(c, cancelled);
  } catch {
    n = await solveHere(c, cancelled);
  }
  if (n === undefined || cancelled()) return undefined;
  return btoa(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: n, salt: c.salt, signature: c.signature }));
}

declare global {
  interface Window {
    grecaptcha?: { render(el: HTMLElement, opts: Record<string, unknown>): number };
    hcaptcha?: { render(el: HTMLElement, opts: Record<string, unknown>): string };
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (document.querySelector(`script[src="${src}"]`)) return resolve();
    const s = document.createElement('script');
    s.src = src;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('captcha script failed to load'));
    document.head.appendChild(s);
  });
}

function RemoteWidget({ provider, siteKey, onToken }: { provider: 'recaptcha' | 'hcaptcha'; siteKey: string; onToken: (t: string | undefined) => void }) {
  const el = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    const src = provider === 'recaptcha' ? 'https://www.google.com/recaptcha/api.js?render=explicit' : 'https://js.hcaptcha.com/1/api.js?render=explicit';
    let live = true;
    loadScript(src)
      .then(async () => {
        for (let i = 0; i < 50 && live && !(provider === 'recaptcha' ? window.grecaptcha?.render : window.hcaptcha?.render); i++) await new Promise((r) => setTimeout(r, 100));
        if (!live || !el.current) return;
        const opts = { sitekey: siteKey, callback: (t: string) => onToken(t), 'expired-callback': () => onToken(undefined) };
        if (provider === 'recaptcha') window.grecaptcha!.render(el.current, opts);
        else window.hcaptcha!.render(el.current, opts);
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [provider, siteKey, onToken]);
  return (
    <>
      <div ref={el} data-testid="captcha-widget" />
      {error && <Alert color="red">{error}</Alert>}
    </>
  );
}

export function Captcha({ onToken, resetKey, error }: { onToken: (token: string | undefined) => void; resetKey: number; error?: string }) {
  const cfg = useApiQuery<CaptchaConfig>(`account/captcha?k=${resetKey}`, { staleTime: 0, gcTime: 0 });
  const [state, setState] = useState<'idle' | 'solving' | 'solved' | 'failed'>('idle');

  useEffect(() => {
    const c = cfg.data;
    if (!c) return;
    if (c.provider === 'none') {
      setState('solved');
      onToken(undefined);
      return;
    }
    if (c.provider !== 'altcha' || !c.challenge) return;
    let cancelled = false;
    setState('solving');
    onToken(undefined);
    void solveChallenge(c.challenge, () => cancelled).then((token) => {
      if (cancelled) return;
      setState(token ? 'solved' : 'failed');
      onToken(token);
    });
    return () => {
      cancelled = true;
    };
  }, [cfg.data, onToken]);

  if (!cfg.data) return cfg.isLoading ? <Loader size="sm" /> : null;
  const c = cfg.data;
  if (c.provider === 'none') return null;
  return (
    <div data-testid="captcha" data-state={state}>
      {c.provider === 'altcha' ? (
        <Group gap="xs">
          {state === 'solving' && <Loader size="xs" />}
          <Text size="sm" c={state === 'failed' ? 'red' : 'dimmed'}>
            {state === 'solved' ? '✓ Verified: you are human.' : state === 'failed' ? 'Verification failed. Please reload the form.' : 'Verifying that you are human…'}
          </Text>
        </Group>
      ) : c.siteKey ? (
        <RemoteWidget provider={c.provider} siteKey={c.siteKey} onToken={onToken} />
      ) : (
        <Alert color="red">The captcha is not configured (CAPTCHA_SITE_KEY).</Alert>
      )}
      {error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
    </div>
  );
}
