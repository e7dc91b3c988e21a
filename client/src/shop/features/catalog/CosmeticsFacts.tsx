import type { CosmeticsFields } from '@api/compliance';
import { COSMETICS_FIELDS } from '@rules/cosmetics-rules';

/** The non-empty label fields of the cosmetics law (issue 22 §5), in the order staff fill them. */
export function cosmeticsFacts(c: Partial<CosmeticsFields> | undefined): Array<{ key: keyof CosmeticsFields; label: string; value: string; multiline: boolean }> {
  if (!c) return [];
  return COSMETICS_FIELDS.map((f) => ({ key: f.key, label: f.label, value: (c[f.key] ?? '').trim(), multiline: f.multiline })).filter((f) => f.value !== '');
}

/** The 規格 tab's definition list (化粧品產品登錄編號, 全成分, …); nothing when no field is filled. */
export function CosmeticsFacts({ cosmetics }: { cosmetics: Partial<CosmeticsFields> | undefined }) {
  const facts = cosmeticsFacts(cosmetics);
  if (!facts.length) return null;
  return (
    <dl className="ss-cosmetics" data-testid="cosmetics-facts">
      {facts.map((f) => (
        <div key={f.key} className="ss-cosmetics-row">
          <dt>{f.label}</dt>
          <dd className={f.multiline ? 'is-multiline' : undefined}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
