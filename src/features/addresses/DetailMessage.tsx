import { ADDRESS_TEXTS } from './texts';

/** A clear message instead of data: a malformed address, an unknown token or contract. */
export function DetailMessage({ input, message = ADDRESS_TEXTS.invalid }: { input: string; message?: string }) {
  return (
    <div className="panel detail-message">
      <p role="alert">{message}</p>
      {input && <p className="mono muted">{input}</p>}
    </div>
  );
}

/** The HTTP status of an RTK Query error (ApiFailure), or undefined. */
export function errorStatus(error: unknown): number | string | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const s = (error as { status: unknown }).status;
  return typeof s === 'number' || typeof s === 'string' ? s : undefined;
}
