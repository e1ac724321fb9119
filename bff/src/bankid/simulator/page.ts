import { DEMO_USER, type OrderView } from './simulator';

/**
 * The approve page: the simulated "BankID test app". Plain HTML, no script (the product's CSP is
 * `script-src 'self'`), every action a `<form method="post">` that redirects back with 303.
 */

export interface ApprovePageInput {
  orders: OrderView[];
  /** Where the simulator router is mounted, e.g. `/simulator`. */
  base: string;
  /** Simulator clock, for "n s ago". */
  now: number;
  /** false renders without the 2-second meta refresh (paused, or an error to read). */
  autoRefresh: boolean;
  /** A failed form action, shown in an alert. */
  error?: string;
}

export const PAGE_TITLE = 'BankID test app (simulator)';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const KIND_LABEL = { auth: 'Identification (auth)', sign: 'Signing (sign)' } as const;

const BANNER =
  '<p class="banner" role="note"><strong>Simulator — this is not BankID.</strong> ' +
  'Nothing here identifies anyone; orders are approved by hand for development, demos and tests.</p>';

export function renderApprovePage(input: ApprovePageInput): string {
  const { base, autoRefresh } = input;
  const pending = input.orders.filter((o) => o.status === 'pending');
  const finished = input.orders.filter((o) => o.status !== 'pending');
  const keep = autoRefresh ? '' : '<input type="hidden" name="refresh" value="off">';
  const home = `${base}/`;
  const error = input.error
    ? '<div class="error" role="alert"><h2>The action failed</h2>' +
      `<p>${escapeHtml(input.error)}</p><p><a href="${escapeHtml(home)}">Back to the orders</a></p></div>\n`
    : '';
  const pendingOrders =
    pending.length === 0
      ? '<p>No pending orders. Start an identification or signing in the service.</p>'
      : pending.map((o) => pendingOrder(o, input, keep)).join('\n');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${autoRefresh ? '<meta http-equiv="refresh" content="2">\n' : ''}<title>${PAGE_TITLE}</title>
<link rel="stylesheet" href="${escapeHtml(base)}/assets/simulator.css">
</head>
<body>
<header>
${BANNER}
<h1>${PAGE_TITLE}</h1>
<p>${
    autoRefresh
      ? `This page reloads every 2 seconds so new orders appear. ` +
        `<a href="${escapeHtml(home)}?refresh=off">Pause auto-refresh</a> (do this before typing).`
      : `Auto-refresh is paused. <a href="${escapeHtml(home)}">Resume auto-refresh</a> or reload the page to ` +
        `see new orders.`
  }</p>
</header>
<main>
${error}<section aria-labelledby="scan-title">
<h2 id="scan-title">Scan QR</h2>
<form method="post" action="${escapeHtml(base)}/forms/scan">
${keep}<label for="qrData">QR code content (bankid.&lt;qrStartToken&gt;.&lt;qrTime&gt;.&lt;qrAuthCode&gt;)</label>
<textarea id="qrData" name="qrData" rows="3" cols="80" required spellcheck="false" autocomplete="off"></textarea>
<button type="submit">Scan QR</button>
</form>
</section>
<section aria-labelledby="pending-title">
<h2 id="pending-title">Pending orders (${pending.length})</h2>
${pendingOrders}
</section>
<section aria-labelledby="finished-title">
<h2 id="finished-title">Recently finished orders (${finished.length})</h2>
${finished.length === 0 ? '<p>None.</p>' : finishedTable(finished)}
</section>
</main>
</body>
</html>
`;
}

function ago(iso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  return `${iso} (${seconds} s ago)`;
}

const PERSONAL_NUMBER_RULES = 'required inputmode="numeric" pattern="[0-9]{12}" maxlength="12" autocomplete="off"';

function pendingOrder(order: OrderView, input: ApprovePageInput, keep: string): string {
  const ref = escapeHtml(order.orderRef);
  const id = `order-${ref}`;
  const action = (name: string) =>
    `${escapeHtml(input.base)}/forms/orders/${encodeURIComponent(order.orderRef)}/${name}`;
  const button = (label: string) => `<button type="submit" aria-describedby="${id}-title">${label}</button>`;
  const personalNumber = escapeHtml(order.personalNumber ?? DEMO_USER.personalNumber);
  const rows: [string, string][] = [
    ['Order reference', `<code>${ref}</code>`],
    ['Status', `pending — <strong>${escapeHtml(order.hintCode ?? '')}</strong>`],
    ['Created', escapeHtml(ago(order.createdAt, input.now))],
    ['End user IP', escapeHtml(order.endUserIp)],
  ];
  if (order.personalNumber) rows.push(['Only for personal number', escapeHtml(order.personalNumber)]);
  if (order.userVisibleData !== null)
    rows.push(['Text shown to the user', `<pre>${escapeHtml(order.userVisibleData)}</pre>`]);
  if (order.returnUrl) rows.push(['Return URL', `<code>${escapeHtml(order.returnUrl)}</code>`]);
  return `<article class="order" id="${id}" aria-labelledby="${id}-title">
<h3 id="${id}-title">${KIND_LABEL[order.kind]} order ${ref.slice(0, 8)}</h3>
<dl>
${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('\n')}
</dl>
<div class="actions">
<form method="post" action="${action('open-app')}">${keep}${button('Open app (same device)')}</form>
<form method="post" action="${action('approve')}">${keep}
<fieldset>
<legend>Approve with security code</legend>
<label for="${id}-pn">Personal number (12 digits)</label>
<input id="${id}-pn" name="personalNumber" value="${personalNumber}" ${PERSONAL_NUMBER_RULES}>
<label for="${id}-name">Name</label>
<input id="${id}-name" name="name" value="${escapeHtml(DEMO_USER.name)}" required maxlength="200" autocomplete="off">
${button('Approve')}
</fieldset>
</form>
<form method="post" action="${action('user-cancel')}">${keep}${button('Cancel in app')}</form>
<form method="post" action="${action('expire')}">${keep}${button('Expire')}</form>
</div>
</article>`;
}

function safeLink(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

const FINISHED_COLUMNS = ['Order reference', 'Kind', 'Outcome', 'User', 'Finished', 'Return'];

function finishedTable(orders: OrderView[]): string {
  const rows = orders.map((o) => {
    const link = o.status === 'complete' && o.returnUrl ? safeLink(o.returnUrl) : null;
    const outcome =
      o.status === 'complete'
        ? 'complete'
        : `failed — ${escapeHtml(o.hintCode ?? '')}${o.cancelledByRp ? ' (cancelled by the service)' : ''}`;
    const cells = [
      `<code>${escapeHtml(o.orderRef)}</code>`,
      o.kind,
      outcome,
      o.user ? `${escapeHtml(o.user.name)} (${escapeHtml(o.user.personalNumber)})` : '',
      escapeHtml(o.finishedAt ?? ''),
      link ? `<a href="${escapeHtml(link)}">Return to the service</a>` : '',
    ];
    return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
  });
  return `<table>
<caption>Collectable for 3 minutes after completion, 5 minutes after failure</caption>
<thead><tr>${FINISHED_COLUMNS.map((column) => `<th scope="col">${column}</th>`).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

export const STYLESHEET = `body{font-family:system-ui,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem;
line-height:1.4;color:#111;background:#fff}
.banner{background:#fff3cd;border:2px solid #8a6d00;padding:.75rem;color:#3d3000}
.error{border:2px solid #a00;padding:.5rem .75rem;color:#600}
.order{border:1px solid #555;border-radius:4px;padding:.5rem 1rem;margin:1rem 0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end}
fieldset{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dd{margin:0}
pre{white-space:pre-wrap;margin:0}
button{padding:.4rem .8rem;font:inherit}
table{border-collapse:collapse}th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left}
:focus-visible{outline:3px solid #0050b3;outline-offset:2px}
`;
