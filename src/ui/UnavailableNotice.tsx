/**
 * Data the node cannot give: shown in place of, or under, a list whose emptiness would
 * otherwise claim "there are none". role="status" so screen readers announce it like an empty text.
 */
export function UnavailableNotice({ reason }: { reason: string }) {
  return (
    <p className="empty-state unavailable-notice" role="status" data-testid="unavailable-notice">
      {reason}
    </p>
  );
}
