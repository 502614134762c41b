import fc from 'fast-check';

// Every fast-check property runs from one seed, so a failure in `pnpm test` reproduces exactly. FC_SEED picks
// another; fast-check prints the seed and path of any counterexample.
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 1_611_2026) });
