// One source of rules for a field: the check, the hint and the words in every language.
export * from './fields'
export { ruleParams, ruleWords } from './words'
