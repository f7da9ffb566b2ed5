// A request the oracle does not compute (a bad input, or a case it does not model).
export class OracleError extends Error {}
