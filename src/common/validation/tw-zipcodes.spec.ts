import { canonicalCity, districtsOf, lookupArea, TW_CITIES } from './tw-zipcodes';

describe('Taiwan zip table', () => {
  it('has the 22 cities and counties with 3-digit zips', () => {
    expect(TW_CITIES).toHaveLength(22);
    for (const city of TW_CITIES) {
      for (const d of districtsOf(city)) expect(d.zip).toMatch(/^\d{3}$/);
    }
    expect(TW_CITIES.flatMap((c) => districtsOf(c))).toHaveLength(371);
  });

  it('includes the outlying islands', () => {
    expect(lookupArea('金門縣', '烏坵鄉')?.zip).toBe('896');
    expect(lookupArea('連江縣', '東引鄉')?.zip).toBe('212');
    expect(lookupArea('澎湖縣', '七美鄉')?.zip).toBe('883');
    expect(lookupArea('臺東縣', '蘭嶼鄉')?.zip).toBe('952');
    expect(lookupArea('屏東縣', '琉球鄉')?.zip).toBe('929');
    expect(lookupArea('高雄市', '東沙群島')?.zip).toBe('817');
  });

  it('treats 台 and 臺 alike and answers the official form', () => {
    expect(canonicalCity('台北市')).toBe('臺北市');
    expect(lookupArea('台北市', '中正區')).toEqual({ city: '臺北市', district: '中正區', zip: '100' });
    expect(lookupArea('雲林縣', '台西鄉')).toEqual({ city: '雲林縣', district: '臺西鄉', zip: '636' });
    expect(lookupArea('台東縣', '台東市')?.zip).toBe('950');
  });

  it('accepts the variant spellings of other tables', () => {
    expect(lookupArea('新竹縣', '峨嵋鄉')).toEqual({ city: '新竹縣', district: '峨眉鄉', zip: '315' });
    expect(lookupArea('嘉義縣', '阿里山')?.district).toBe('阿里山鄉');
  });

  it('refuses a district of another city and unknown names', () => {
    expect(lookupArea('臺北市', '板橋區')).toBeUndefined();
    expect(lookupArea('火星市', '中正區')).toBeUndefined();
    expect(districtsOf('火星市')).toEqual([]);
  });
});
