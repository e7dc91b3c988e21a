/**
 * A status as the server labels and colours it (order_status_codes / payment_status_codes):
 * a dot in its colour, the text in ink, so a light colour still reads on white.
 */
export function StatusTag({ label, color, testId }: { label: string; color: string; testId?: string }) {
  const c = /^#[0-9a-f]{3,8}$/i.test(color) ? color : '#8c8c8c';
  return (
    <span className="ss-aord-status" style={{ borderColor: c }} data-testid={testId} data-color={color || undefined}>
      <span className="ss-aord-status-dot" style={{ background: c }} aria-hidden />
      {label}
    </span>
  );
}
