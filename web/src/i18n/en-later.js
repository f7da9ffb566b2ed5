// The English rows that only what comes after the first verdict shows (the form, the panels,
// the charts, the lint, the Compare and Plan views, the formulas). The source of truth stays
// en.js, whole: this file is empty in the sources (tests, the single file, the CLI's
// generator read en.js as it is), and the hosted build fills it with those rows, cut out of
// en.js's chunk by web/build/en-split.js, so that the first verdict waits for none of them.
export default {};
