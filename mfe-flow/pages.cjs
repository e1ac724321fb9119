// mfe-flow's pages as its release carries them (shared/build/pages.cjs): its route table (src/app/routes.json, which
// FlowRoutes reads too) and the static frame of the pages a visitor lands on, drawn from this remote's own texts and
// CSS. Each frame mirrors its page's markup element for element (the page's component is named with it): a change to
// a page's heading, intro or layout is made in both, here and in the component, or the swap will jump.
const path = require('node:path');
const { escapeHtml: e, readLocale } = require('@home-energy/shared/build/pages');

/** A page's heading and lead, as the add-property and contact pages open (section.flow-narrow). */
const narrowPage = (title, lead) =>
  `<section class="flow-narrow"><h1>${e(title)}</h1><p class="flow-lead">${e(lead)}</p></section>`;

module.exports = {
  routes: path.join(__dirname, 'src', 'app', 'routes.json'),
  css: [path.join(__dirname, 'src', 'styles', 'flow.css')],
  frames(lng) {
    const flow = readLocale(__dirname, 'flow', lng);
    const s = flow.search;
    const d = flow.myData;
    return {
      // AddressSearchPage whole: the field is read-only until the app takes over.
      search: {
        title: s.title,
        html:
          '<section class="flow-search">\n' +
          `<h1>${e(s.title)}</h1>\n` +
          `<p class="flow-lead">${e(s.intro)}</p>\n` +
          '<div class="he-card"><div class="flow-combobox">' +
          `<label class="flow-label" for="first-paint-address">${e(s.label)}</label>` +
          '<input id="first-paint-address" class="flow-input flow-input--large" type="text" ' +
          `placeholder="${e(s.placeholder)}" readonly tabindex="-1"></div></div>\n` +
          `<ul class="flow-benefits"><li>${e(s.benefits.label)}</li>` +
          `<li>${e(s.benefits.measures)}</li><li>${e(s.benefits.costs)}</li></ul>\n` +
          '</section>',
      },
      'add-property': {
        title: flow.addProperty.title,
        html: narrowPage(flow.addProperty.title, flow.addProperty.intro),
      },
      contact: { title: flow.contact.title, html: narrowPage(flow.contact.title, flow.contact.intro) },
      // SignPage's card (its SIGN_CARD width and margin) with its heading.
      sign: {
        title: flow.sign.title,
        html:
          '<section class="he-card" style="max-width:480px;margin:2rem auto">' +
          `<h1>${e(flow.sign.title)}</h1></section>`,
      },
      // QuestionsPage above its form: the property's name comes with the app (its line is kept).
      questions: {
        title: flow.questions.title,
        html:
          `<section class="flow-questions"><p class="flow-eyebrow">&nbsp;</p><h1>${e(flow.questions.title)}</h1>` +
          `<p class="flow-lead">${e(flow.questions.intro)}</p></section>`,
      },
      // ProfilePage (My homes): the homeowner's name and homes come with the app.
      profile: {
        title: flow.profile.title,
        html:
          `<section class="flow-narrow flow-profile"><h1>${e(flow.profile.title)}</h1>` +
          `<p class="flow-lead">${e(flow.profile.intro)}</p><p class="flow-lead">&nbsp;</p></section>`,
      },
      // AccountDeletedPage: the same for everyone.
      'account-deleted': {
        title: d.deletedTitle,
        html:
          `<section class="he-card flow-narrow"><h1>${e(d.deletedTitle)}</h1><p>${e(d.deletedText)}</p>` +
          `<a class="he-button" href="/">${e(d.home)}</a></section>`,
      },
    };
  },
};
