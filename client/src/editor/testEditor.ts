/**
 * jsdom has no layout: ProseMirror (TipTap) asks for client rects when it scrolls the selection into
 * view. Empty rects are enough for the tests.
 */
export function stubLayout(): void {
  const rect = (): DOMRect => ({ x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
  const rects = (): DOMRectList => {
    const list: DOMRect[] = [];
    return Object.assign(list, { item: (i: number) => list[i] ?? null }) as unknown as DOMRectList;
  };
  for (const proto of [Range.prototype, Element.prototype] as { getClientRects?: () => DOMRectList; getBoundingClientRect?: () => DOMRect }[]) {
    if (typeof proto.getClientRects !== 'function') proto.getClientRects = rects;
    if (typeof proto.getBoundingClientRect !== 'function') proto.getBoundingClientRect = rect;
  }
  if (typeof document.elementFromPoint !== 'function') document.elementFromPoint = () => null;
}
