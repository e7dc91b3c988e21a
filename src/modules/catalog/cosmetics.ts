import type { CosmeticsFields } from '../../common/api/compliance';
import type { Product } from './entities/product.entity';

/** A product's cosmetics-law label fields as the API shows them ('' for what is not given). */
export function cosmeticsOf(p: Pick<Product, keyof CosmeticsFields>): CosmeticsFields {
  return {
    registration_no: p.registration_no ?? '',
    ingredients: p.ingredients ?? '',
    volume: p.volume ?? '',
    usage: p.usage ?? '',
    warnings: p.warnings ?? '',
    shelf_life: p.shelf_life ?? '',
    origin: p.origin ?? '',
    maker: p.maker ?? '',
  };
}
