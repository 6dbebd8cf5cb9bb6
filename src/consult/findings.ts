/** The patient model lives in src/patient; this path stays for callers outside the domain (eval, bench). */
export * from '../patient/findings.js';
