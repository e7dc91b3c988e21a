import type { ThemeConfig } from 'antd';

/** A soft, warm palette: dusty rose on cream, with a sage accent. */
export const palette = {
  rose: '#b86b77',
  roseDark: '#9a5461',
  roseSoft: '#f6e7e5',
  cream: '#fbf7f3',
  sand: '#f1e6dc',
  sage: '#7d9a83',
  ink: '#3b2f2f',
  muted: '#736560',
} as const;

export const FONT_FAMILY =
  '"Noto Sans TC", "Noto Sans CJK TC", "PingFang TC", "Heiti TC", "Microsoft JhengHei", system-ui, -apple-system, "Segoe UI", sans-serif';

export const theme: ThemeConfig = {
  hashed: false,
  token: {
    // White on the darker rose keeps buttons readable (4.5:1); the lighter rose stays for accents.
    colorPrimary: palette.roseDark,
    colorLink: palette.roseDark,
    colorText: palette.ink,
    colorTextSecondary: palette.muted,
    colorBgLayout: palette.cream,
    colorSuccess: palette.sage,
    borderRadius: 10,
    fontFamily: FONT_FAMILY,
    fontSize: 15,
    controlHeight: 38,
  },
  components: {
    Button: { fontWeight: 500, primaryShadow: 'none' },
    Modal: { borderRadiusLG: 16 },
    Tabs: { titleFontSize: 16 },
    // antd's default greys (45 % black) fall below 4.5:1 on the cream background.
    Breadcrumb: { itemColor: palette.muted, linkColor: palette.muted, separatorColor: palette.muted, lastItemColor: palette.ink },
  },
};

/** No extra space between two CJK characters in buttons (antd's default writes 取 消). */
export const buttonConfig = { autoInsertSpace: false } as const;
