import { CATALOG_MSG } from '@rules/admin-catalog';
import { COSMETICS_MSG, EMPTY_COSMETICS } from '@rules/cosmetics-rules';
import { describe, expect, it } from 'vitest';
import { checkProduct, emptyProduct, missingRegistration, productBody, productClaimFields, productField, productFromRow } from './productForm';
import { productRow } from './testProducts';

describe('product form: cosmetics label fields (issue 22 §5, spec 4 §5)', () => {
  it('sends the eight fields as one nested object, trimmed; a new product starts with none', () => {
    expect(productBody(emptyProduct()).cosmetics).toEqual(EMPTY_COSMETICS);
    const v = productFromRow(productRow(3));
    v.cosmetics = { ...v.cosmetics, registration_no: ' A3-0001 ', ingredients: ' 水、甘油 ' };
    expect(productBody(v).cosmetics).toEqual({ ...EMPTY_COSMETICS, registration_no: 'A3-0001', ingredients: '水、甘油', volume: '50ml', origin: '台灣' });
  });

  it('refuses a bad registration number and too long texts on their nested fields, with the product rules', () => {
    const v = productFromRow(productRow(3));
    v.cosmetics = { ...v.cosmetics, registration_no: 'A3_0001', origin: '台'.repeat(51) };
    v.title = '';
    expect(checkProduct(productBody(v))).toEqual([
      { field: 'title', message: CATALOG_MSG.title },
      { field: 'cosmetics.registration_no', message: COSMETICS_MSG.registrationNo },
      { field: 'cosmetics.origin', message: '產地最多 50 個字' },
    ]);
  });

  it('puts a server error on a bare cosmetics key onto the nested field', () => {
    expect(productField('registration_no')).toBe('cosmetics.registration_no');
    expect(productField('cosmetics.maker')).toBe('cosmetics.maker');
    expect(productField('title')).toBe('title');
  });

  it('warns about a listed product without a registration number only', () => {
    expect(missingRegistration(true, ' ')).toBe(true);
    expect(missingRegistration(false, '')).toBe(false);
    expect(missingRegistration(true, 'A1-1')).toBe(false);
  });

  it('checks the texts a shopper reads as claims', () => {
    const v = productFromRow(productRow(3));
    v.cosmetics = { ...v.cosmetics, usage: '每日使用', warnings: '無副作用' };
    expect(productClaimFields(productBody(v))).toEqual({ title: '保濕商品3', description: '溫和保濕', seo_description: '商品3的描述', usage: '每日使用', warnings: '無副作用' });
  });
});
