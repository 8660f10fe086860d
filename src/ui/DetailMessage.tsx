import './detail.css';

/** A clear message instead of data: a malformed address, an unknown token or contract. */
export function DetailMessage({ input, message }: { input: string; message: string }) {
  return (
    <div className="panel detail-message">
      <p role="alert">{message}</p>
      {input && <p className="mono muted">{input}</p>}
    </div>
  );
}
