/**
 * The one layout of every shop e-mail (issue 22 §6), in MJML with Handlebars fields. MJML turns it
 * into e-mail HTML at build time (`node test/mail-preview/compile-layout.cjs` → layout.compiled.ts,
 * checked by the unit test); Handlebars then fills it per message (`mail-templates.ts`), HTML-
 * escaping every value (`{{…}}` only: the layout never uses `{{{…}}}`). Blocks that a message may
 * leave out are wrapped in `<mj-raw>{{#if …}}</mj-raw>` … `<mj-raw>{{/if}}</mj-raw>`: MJML passes
 * raw parts through untouched, so the condition surrounds the compiled rows.
 *
 * `THEME` is a placeholder colour: the compiled HTML has it replaced by `{{brand.color}}` (MJML
 * checks colour attributes, so the field cannot stand in the MJML itself). Paragraphs keep their
 * line breaks (white-space: pre-line): a visitor's message reads as typed, without markup.
 */
export const THEME_PLACEHOLDER = '#fe01fe';
/** The light tint of the theme (backgrounds of the code box and the totals' last row). */
export const TINT_PLACEHOLDER = '#fe02fe';

const FONT = "'Noto Sans TC','PingFang TC','Microsoft JhengHei','Heiti TC',Helvetica,Arial,sans-serif";

export const LAYOUT_MJML = `<mjml lang="zh-Hant-TW">
  <mj-head>
    <mj-title>{{subject}}</mj-title>
    <mj-preview>{{preview}}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text font-size="15px" line-height="1.7" color="#3b2f2f" padding="0 0 12px 0" />
      <mj-table font-size="14px" line-height="1.5" color="#3b2f2f" padding="0 0 12px 0" cellpadding="0" cellspacing="0" width="100%" />
      <mj-section padding="0" />
    </mj-attributes>
    <mj-style>
      .ss-num { white-space: nowrap; text-align: right; }
      .ss-items td, .ss-items th { border-bottom: 1px solid #f1e6dc; }
      a { color: ${THEME_PLACEHOLDER}; }
      @media only screen and (max-width: 480px) {
        .ss-card { padding-left: 16px !important; padding-right: 16px !important; }
        .ss-items td, .ss-items th { font-size: 13px !important; }
      }
    </mj-style>
  </mj-head>
  <mj-body background-color="#fbf7f3" width="600px">
    <mj-section padding="24px 0 0 0">
      <mj-column>
        <mj-raw>{{#if brand.logoUrl}}</mj-raw>
        <mj-image src="{{brand.logoUrl}}" alt="{{brand.name}}" width="160px" padding="0 0 16px 0" href="{{brand.origin}}" />
        <mj-raw>{{else}}</mj-raw>
        <mj-text align="center" font-size="22px" font-weight="700" letter-spacing="1px" color="${THEME_PLACEHOLDER}" padding="0 0 16px 0"><a href="{{brand.origin}}" style="color:${THEME_PLACEHOLDER};text-decoration:none">{{brand.wordmark}}</a></mj-text>
        <mj-raw>{{/if}}</mj-raw>
      </mj-column>
    </mj-section>
    <mj-wrapper padding="0 12px">
    <mj-section background-color="${THEME_PLACEHOLDER}" border-radius="12px 12px 0 0" padding="18px 24px" css-class="ss-card">
      <mj-column>
        <mj-text color="#ffffff" font-size="20px" font-weight="700" line-height="1.4" padding="0">{{headline}}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="0 0 12px 12px" padding="24px 24px 12px 24px" css-class="ss-card">
      <mj-column>
        <mj-raw>{{#if greeting}}</mj-raw>
        <mj-text><div style="white-space:pre-line">{{greeting}}</div></mj-text>
        <mj-raw>{{/if}}</mj-raw>
        <mj-raw>{{#each intro}}</mj-raw>
        <mj-text><div style="white-space:pre-line">{{this}}</div></mj-text>
        <mj-raw>{{/each}}</mj-raw>
        <mj-raw>{{#if code}}</mj-raw>
        <mj-text align="center" padding="4px 0 16px 0"><div style="display:inline-block;background:${TINT_PLACEHOLDER};border-radius:8px;padding:12px 24px;font-size:28px;font-weight:700;letter-spacing:8px;color:#3b2f2f">{{code}}</div></mj-text>
        <mj-raw>{{/if}}</mj-raw>
        <mj-raw>{{#if rows.length}}</mj-raw>
        <mj-table css-class="ss-rows">
          {{#each rows}}<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;white-space:nowrap;color:#736560;font-weight:400;width:1%">{{k}}</th><td style="padding:4px 0;word-break:break-all">{{v}}</td></tr>
          {{/each}}
        </mj-table>
        <mj-raw>{{/if}}</mj-raw>
        <mj-raw>{{#if items}}</mj-raw>
        <mj-text font-size="16px" font-weight="700" padding="8px 0 8px 0">商品明細</mj-text>
        <mj-table css-class="ss-items">
          <tr style="background:${TINT_PLACEHOLDER}"><th align="left" style="padding:8px 6px">商品</th><th class="ss-num" style="padding:8px 6px;text-align:center;white-space:nowrap">數量</th><th class="ss-num" style="padding:8px 6px;text-align:right;white-space:nowrap">單價</th><th class="ss-num" style="padding:8px 6px;text-align:right;white-space:nowrap">小計</th></tr>
          {{#each items.lines}}<tr><td style="padding:8px 6px">{{name}}{{#if variant}}<br><span style="color:#736560;font-size:13px">{{variant}}</span>{{/if}}</td><td style="padding:8px 6px;text-align:center;white-space:nowrap">{{quantity}}</td><td class="ss-num" style="padding:8px 6px;text-align:right;white-space:nowrap">{{price}}</td><td class="ss-num" style="padding:8px 6px;text-align:right;white-space:nowrap">{{amount}}</td></tr>
          {{#each discounts}}<tr><td colspan="3" style="padding:4px 6px 8px 18px;color:${THEME_PLACEHOLDER};font-size:13px">{{label}}</td><td class="ss-num" style="padding:4px 6px 8px 6px;text-align:right;white-space:nowrap;color:${THEME_PLACEHOLDER};font-size:13px">{{amount}}</td></tr>
          {{/each}}{{/each}}
        </mj-table>
        <mj-table css-class="ss-totals">
          {{#each items.totals}}<tr><td style="padding:4px 6px;text-align:right;color:#736560">{{k}}</td><td class="ss-num" style="padding:4px 6px;text-align:right;white-space:nowrap;width:1%">{{v}}</td></tr>
          {{/each}}{{#if items.total}}<tr style="background:${TINT_PLACEHOLDER}"><td style="padding:8px 6px;text-align:right;font-weight:700">{{items.total.k}}</td><td class="ss-num" style="padding:8px 6px;text-align:right;white-space:nowrap;font-weight:700;font-size:16px;width:1%">{{items.total.v}}</td></tr>{{/if}}
        </mj-table>
        <mj-raw>{{/if}}</mj-raw>
        <mj-raw>{{#each sections}}</mj-raw>
        <mj-text font-size="16px" font-weight="700" padding="12px 0 6px 0">{{title}}</mj-text>
        <mj-raw>{{#if rows.length}}</mj-raw>
        <mj-table>
          {{#each rows}}<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;white-space:nowrap;color:#736560;font-weight:400;width:1%">{{k}}</th><td style="padding:4px 0;word-break:break-all">{{v}}</td></tr>
          {{/each}}
        </mj-table>
        <mj-raw>{{/if}}</mj-raw>
        <mj-raw>{{#each notes}}</mj-raw>
        <mj-text><div style="white-space:pre-line">{{this}}</div></mj-text>
        <mj-raw>{{/each}}</mj-raw>
        <mj-raw>{{/each}}</mj-raw>
        <mj-raw>{{#if button}}</mj-raw>
        <mj-button href="{{button.url}}" background-color="${THEME_PLACEHOLDER}" color="#ffffff" font-size="16px" font-weight="700" border-radius="8px" inner-padding="12px 28px" padding="12px 0 16px 0" width="100%">{{button.label}}</mj-button>
        <mj-raw>{{/if}}</mj-raw>
        <mj-raw>{{#each links}}</mj-raw>
        <mj-text align="center" padding="0 0 12px 0"><a href="{{url}}" style="color:${THEME_PLACEHOLDER}">{{label}}</a></mj-text>
        <mj-raw>{{/each}}</mj-raw>
        <mj-raw>{{#each outro}}</mj-raw>
        <mj-text><div style="white-space:pre-line">{{this}}</div></mj-text>
        <mj-raw>{{/each}}</mj-raw>
      </mj-column>
    </mj-section>
    </mj-wrapper>
    <mj-section padding="16px 24px 32px 24px">
      <mj-column>
        <mj-text align="center" font-size="12px" line-height="1.6" color="#736560" padding="0">{{brand.name}}{{#if brand.phone}}<br>客服電話 {{brand.phone}}{{/if}}{{#if brand.email}}{{#if brand.phone}}｜{{else}}<br>{{/if}}<a href="mailto:{{brand.email}}" style="color:#736560">{{brand.email}}</a>{{/if}}</mj-text>
        <mj-raw>{{#if footer}}</mj-raw>
        <mj-text align="center" font-size="12px" line-height="1.6" color="#736560" padding="6px 0 0 0">{{footer}}</mj-text>
        <mj-raw>{{/if}}</mj-raw>
        <mj-raw>{{#if unsubscribeUrl}}</mj-raw>
        <mj-text align="center" font-size="12px" line-height="1.6" color="#736560" padding="6px 0 0 0">不想再收到這類訊息？<a href="{{unsubscribeUrl}}" style="color:#736560">取消訂閱</a></mj-text>
        <mj-raw>{{/if}}</mj-raw>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;
