/**
 * The catalogue's API shapes under this feature's names. They are declared once, by the server,
 * in src/common/api/catalog.ts (`@api/catalog`): never write an API shape by hand here.
 */
export type { ProductListItem, ProductTypeView as ProductType, VariantView as Variant } from '@api/catalog';
