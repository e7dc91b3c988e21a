/** The catalogue's answer shapes, declared once in src/common/api/catalog.ts (shared with the client as `@api/catalog`). */
export type { MediaView, ProductListItem, ProductPageDetails, ProductTypeView, VariantView } from '../../common/api/catalog';
