// findBy* and waitFor give up after 1 s by default: on a 2-core machine running every suite at once, a page that
// renders after a few fetches can need longer. 5 s stays well inside the test timeout.
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 5_000 });
