/**
 * The billing area's public face (spec/billing.md): the pure 延長 computation and the month's
 * computation, for the seed and for other areas.
 */
export { dayExtension, monthExtension, clockMinutes, type ExtensionRule, type ClockWindow } from './extension';
export { computeMonth, fiscalAge, dueDateOf } from './compute';
export { closeMonth, issuedStatements, statementNumber } from './close';
export { saveSettings, addItem } from './settings';
export { saveAttributes } from './attributes';
export { loadMonthInputs } from './inputs';
