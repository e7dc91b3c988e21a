import { HttpException } from '@nestjs/common';
import { parcelAtStoreSms } from './logistics-status.processor';
import { SHIPPING_MSG, storeLabelHtml } from './shipping-pages';
import { addressOf, prodDescOf } from './shipping-ticket.processor';
import { addDays, shipmentMerTradeNo, ticketFormFor } from './shipping-tickets.service';

const messageOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    return (e as HttpException).message;
  }
  return '';
};

describe('shipping ticket rules', () => {
  const today = '2026-11-26';

  it('home and island delivery default to the spec: tomorrow, +3 days, HOME, shipType 2, spec 1, hideProdDesc Y', () => {
    for (const shipping of [4, 5]) {
      expect(ticketFormFor(shipping, {}, today)).toEqual({
        lgsType: 'HOME',
        shipType: '2',
        goodsType: '1',
        shipDate: '2026-11-27',
        deliveryDate: '2026-11-29',
        spec: '1',
        hideProdDesc: 'Y',
        labelMode: '',
        memo: '',
      });
    }
    expect(ticketFormFor(4, { goodsType: '3', spec: '3', shipDate: '2026-11-30', deliveryDate: '2026-12-02', hideProdDesc: 'N', memo: 'x' }, today)).toMatchObject({
      goodsType: '3',
      spec: '3',
      shipDate: '2026-11-30',
      deliveryDate: '2026-12-02',
      hideProdDesc: 'N',
      memo: 'x',
    });
  });

  it('7-11 defaults to C2C, shipType 1, labelMode 2', () => {
    expect(ticketFormFor(1, {}, today)).toMatchObject({ lgsType: 'C2C', shipType: '1', goodsType: '1', labelMode: '2', shipDate: '', spec: '' });
  });

  it('refuses forms that do not fit the order', () => {
    expect(messageOf(() => ticketFormFor(4, { spec: '4', goodsType: '2' }, today))).toBe(SHIPPING_MSG.spec150Ambient);
    expect(ticketFormFor(4, { spec: '4', goodsType: '1' }, today).spec).toBe('4');
    expect(messageOf(() => ticketFormFor(4, { lgsType: 'C2C' }, today))).toBe(SHIPPING_MSG.lgsTypeMismatch);
    expect(messageOf(() => ticketFormFor(1, { lgsType: 'HOME' }, today))).toBe(SHIPPING_MSG.lgsTypeMismatch);
    expect(messageOf(() => ticketFormFor(1, { goodsType: '3' }, today))).toBe(SHIPPING_MSG.lgsTypeMismatch);
    expect(messageOf(() => ticketFormFor(2, {}, today))).toBe(SHIPPING_MSG.lgsTypeMismatch);
    expect(messageOf(() => ticketFormFor(4, { shipType: '1' }, today))).toBe(SHIPPING_MSG.lgsTypeMismatch);
    expect(messageOf(() => ticketFormFor(4, { shipDate: '2026-11-25' }, today))).toBe(SHIPPING_MSG.badDate);
    expect(messageOf(() => ticketFormFor(4, { shipDate: '2026-11-28', deliveryDate: '2026-11-27' }, today))).toBe(SHIPPING_MSG.badDate);
  });

  it('dates, shipment numbers, product text and the address', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    const no = shipmentMerTradeNo('SS261126143000ABC123', 1_679_615);
    expect(no).toBe('261126143000ABC123TZZZZ');
    expect(no.length).toBeLessThanOrEqual(25);
    expect(shipmentMerTradeNo('SS261126143000ABC123', 99_999_999).length).toBeLessThanOrEqual(25);
    expect(prodDescOf([{ title: '玻尿酸保濕精華液 30ml', quantity: 1 }], false)).toBe('玻尿酸保濕精華液 30ml');
    expect(prodDescOf([{ title: '玻尿酸保濕精華液 30ml 加大限定版組合', quantity: 2 }, { title: 'x', quantity: 1 }], false)).toBe('玻尿酸保濕精華液 30ml 加大限等3件');
    expect([...prodDescOf([{ title: 'a'.repeat(40), quantity: 12 }], false)].length).toBe(20);
    expect(prodDescOf([{ title: '精華液', quantity: 1 }], true)).toBe('商品一批');
    expect(addressOf({ zip: '100', city: '臺北市', district: '中正區', street: '重慶南路一段 122 號' })).toBe('100臺北市中正區重慶南路一段122號');
  });

  it('the printed 7-11 page escapes what it shows and masks the mobile; the SMS names order and store', () => {
    const html = storeLabelHtml({
      merTradeNo: 'SS1',
      shipTradeNo: 'CV1',
      partnerId: '123456789',
      storeId: '241610',
      storeName: '<b>北車站</b>',
      storeAddr: 'A',
      consignee: '陳美麗',
      consigneeMobile: '0911222333',
      collectAmount: 1280,
      senderName: '肌研舍',
      memo: '',
      labelMode: '2',
    });
    expect(html).toContain('&lt;b&gt;北車站&lt;/b&gt;');
    expect(html).toContain('0911***333');
    expect(html).not.toContain('0911222333');
    expect(html).toContain('NT$ 1,280');
    expect(html).not.toContain('<script');
    expect(parcelAtStoreSms('肌研舍', 'SS1', '北車站門市')).toBe('【肌研舍】您的訂單 SS1 已送達 7-ELEVEN 北車站門市，請於 7 天內攜帶證件取件。');
  });
});
