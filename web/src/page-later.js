// Field-table rows the page offers no input for yet, though the CLI and requests take them: prefill/decode
// disaggregation (issue 37, step 3). The page has no view of the two pools (their fit, the KV transfer, the
// balance), so it asks for nothing whose answer it cannot show. inputs.js and the page's copy of the table
// (web/build/fields.js) both leave them out.
export const PAGE_LATER = Object.freeze(['prefill_instances', 'prefill_tp', 'decode_instances']);
