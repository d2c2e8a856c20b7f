// The package ships no types; scripts/security.ts describes the part of its API it uses.
declare module '@doyensec/electronegativity' {
  const run: unknown
  export default run
}
