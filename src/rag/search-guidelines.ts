import type { Demographics, Finding } from '../patient/findings.js';
import { buildQueryVariants } from './build-queries.js';
import type { Embedder } from './embedder.js';
import { fuseRankings, RRF_K, type RankedList } from './fuse-rankings.js';
import type { GuidelineIndex, IndexHit } from './guideline-index.js';
import type { GuidelineSection } from './guideline-section.js';
import { searchTerms } from './normalise-query.js';
import { contradictsSeverity, featureReranker } from './feature-reranker.js';
import { fitToPatient, sectionFitsPatient } from './population-fit.js';
import type { Reranker } from './reranker.js';

export interface SearchGuidelinesInput {
  condition: string;
  demographics: Demographics;
  findings: readonly Finding[];
  /** Sections to return at most; default 5. */
  k?: number;
  /** Estimated prompt tokens the returned sections may use together; default 3000. */
  tokenBudget?: number;
  /** Sections from one part file at most; default PER_PART_CAP. */
  perPartCap?: number;
  /** Which query variants and legs to run (the eval compares them); default all available. */
  variants?: Array<'condition' | 'contextual'>;
  legs?: Array<'text' | 'vector'>;
}

/** A section retrieval chose, with its fused (RRF) score and the lists that found it, e.g. ['text:contextual#1']. */
export type RetrievedSection = IndexHit & { foundBy: string[] };

export interface SearchGuidelinesResult {
  sections: RetrievedSection[];
  queries: { condition: string; contextual: string };
  /** The legs that ran: 'vector' is absent when no embedder is configured. */
  legs: Array<'text' | 'vector'>;
  /** Every section any list found, best first, before the floor and the limits (for the eval). */
  candidates: Array<{ accession: string; sectionId: string | null; text: string }>;
}

export interface SearchGuidelinesDeps {
  index: GuidelineIndex;
  /** Absent: full-text retrieval alone. */
  embedder?: Embedder;
  /** Orders the fused candidates; default the deterministic feature reranker. */
  reranker?: Reranker;
  /** Candidates per list before fusion; default CANDIDATES_PER_LIST. */
  candidatesPerList?: number;
  /** HNSW ef_search per query; default 100. */
  efSearch?: number;
}

/**
 * Hybrid guideline retrieval for a diagnosis and this patient: two query variants (condition alone,
 * condition with patient context) over two legs (full text, vectors), fused by reciprocal rank fusion,
 * de-duplicated, capped per part, floored and fitted to a token budget.
 */
export async function searchGuidelines(deps: SearchGuidelinesDeps, input: SearchGuidelinesInput): Promise<SearchGuidelinesResult> {
  const k = input.k ?? 5;
  const perList = deps.candidatesPerList ?? CANDIDATES_PER_LIST;
  const { expansionShares, diagnosis, suggested, ...queries } = buildQueryVariants(input);
  const variants = input.variants ?? ['condition', 'contextual'];
  const wantedLegs = input.legs ?? ['text', 'vector'];
  const legs = wantedLegs.filter((leg) => leg === 'text' || deps.embedder !== undefined);

  const diagnosisTerms = new Set(searchTerms(queries.condition));
  // Two round trips at most: one statement for every text variant, one for every vector variant.
  const lists: Promise<RankedList[]>[] = [];
  if (legs.includes('text')) {
    const textQueries = variants.map((variant) => {
      const terms = searchTerms(queries[variant]);
      return { terms, weights: terms.map((t) => (diagnosisTerms.has(t) ? 1 : CONTEXT_WORD_WEIGHT) * (expansionShares.get(t) ?? 1)) };
    });
    lists.push(
      deps.index.searchText({ queries: textQueries, k: perList }).then((perVariant) =>
        variants.map((variant, i) => ({ name: `text:${variant}`, hits: perVariant[i] ?? [], weight: VARIANT_WEIGHT[variant] })),
      ),
    );
  }
  if (legs.includes('vector') && deps.embedder) {
    const embedder = deps.embedder;
    lists.push(
      embedder.embed(variants.map((v) => queries[v])).then(async (embeddings) => {
        const perVariant = await deps.index.searchVector({ embeddings, model: embedder.model, k: perList, efSearch: deps.efSearch ?? 100 });
        return variants.map((variant, i) => ({ name: `vector:${variant}`, hits: perVariant[i] ?? [], weight: VARIANT_WEIGHT[variant] }));
      }),
    );
  }
  const ranked = (await Promise.all(lists)).flat();
  const strongest = Math.max(0, ...ranked.map((l) => l.weight ?? 1));
  const floor = strongest / (RRF_K + 20);
  const fusedAll = fuseRankings(ranked);
  const reranker = deps.reranker ?? DEFAULT_RERANKER;
  const toRerank = fusedAll.slice(0, RERANK_LIMIT);
  // The reranker reads the diagnosis the patient rules completed, as the queries do: "BP high after
  // delivery" with 168/112 is severe pre-eclampsia, and the pre-eclampsia headings are the topic.
  const scores = await reranker.rerank(
    { condition: diagnosis, text: queries.contextual, demographics: input.demographics, findings: input.findings, suggested },
    toRerank.map((f) => ({ accession: f.section.accession, sectionId: f.section.sectionId, titlePath: f.section.titlePath, sectionPath: f.section.sectionPath, text: f.section.text, fusedScore: f.fusedScore })),
  );
  // Ties keep the fused order, which is itself stable (content hash), so runs repeat exactly. Candidates
  // past RERANK_LIMIT follow in fused order.
  const reranked = [
    ...toRerank.map((f, i) => ({ ...f, rerankScore: scores[i] ?? 0, order: i })).sort((a, b) => b.rerankScore - a.rerankScore || a.order - b.order),
    ...fusedAll.slice(RERANK_LIMIT).map((f, i) => ({ ...f, rerankScore: -Infinity, order: RERANK_LIMIT + i })),
  ];
  // A section written for another population (another trimester, infants for a school child) is
  // never the right section for this patient, however well its words match; one written for her own
  // trimester or her state after birth comes first. Only sections of the guideline the query is about
  // may move up: a malaria section for her trimester must not overtake the HIV sections of a consult
  // about HIV in pregnancy. Nor may one written for the other severity: "Uncomplicated malaria in the third
  // trimester" is her trimester's, but not the answer for severe malaria in pregnancy.
  const topicBook = reranked[0]?.section.bookTitle;
  const leading = (reranked.find((f) => sectionFitsPatient(f.section.sectionPath, input.demographics))?.rerankScore ?? 0) - PROMOTION_MARGIN;
  const fused = fitToPatient(reranked, (f) => f.section.sectionPath, input.demographics, (f) => f.fusedScore >= floor && f.section.bookTitle === topicBook && f.rerankScore >= leading && !contradictsSeverity(diagnosis, f.section.titlePath));
  const sections = selectSections(fused, { k, tokenBudget: input.tokenBudget ?? 3000, perPartCap: input.perPartCap ?? PER_PART_CAP, floor });
  const candidates = fused.map((f) => ({ accession: f.section.accession, sectionId: f.section.sectionId, text: f.section.text }));
  return { sections, queries, legs, candidates };
}

/**
 * How far below the best reranked section that fits her a section written for her own state may be and
 * still move first. A section for her trimester or her weeks after birth must also answer the question:
 * "Bleeding after birth" is written for a woman 5 days after delivery and is no answer to her blood
 * pressure of 168/112 (0.42 below "Pre-eclampsia after birth"); the first-trimester malaria treatment for
 * "malaria for belle" at 10 weeks is 0.07 below the best. Chosen on the tune half (npm run eval, text both
 * fused): no margin or 0.3 and up, d-preg-02's magnesium sulfate loading dose 3rd instead of 6th; 0.2 and
 * 0.25 also "fever in pregnancy" first gold 3 -> 2; 0.15 and below lose a young infant's section (pna-08 1 -> 3).
 */
export const PROMOTION_MARGIN = 0.25;

/**
 * The condition-only query finds the right guideline; the contextual one the right section of it. A
 * rank in the contextual lists therefore counts more (measured on the gold set: npm run eval).
 */
export const VARIANT_WEIGHT = { condition: 0.25, contextual: 1 } as const;

const DEFAULT_RERANKER = featureReranker();

/**
 * How many sections each list (a query variant on a leg) hands to fusion and the reranker. At 50 the
 * right section was sometimes never scored: "Medicines to avoid in pregnancy" for a pregnant woman on
 * lisinopril with chronic hypertension is 62nd and 72nd on the two text lists (its text says
 * "antihypertensive", never "hypertension" or "chronic"). At 100, candidate recall on the test half
 * goes from 0.979 to 0.989 (all queries 0.989 to 0.995) and no rank in the top 10 changes (npm run
 * eval); the miss left is an-12, whose section is written for pregnancy and is dropped by design. The
 * cost, at 50,000 chunks: see bench:retrieval (the reranker scores up to twice as many candidates).
 */
export const CANDIDATES_PER_LIST = 100;

/**
 * How many of the fused candidates, best first, the reranker scores; the rest follow in fused order. Full
 * text hands it up to 200 (two variants of CANDIDATES_PER_LIST), a hybrid search up to 400. Measured on the
 * tune half (npm run eval, text both fused): scoring the best 100, or even 60, gives the recall@5 (0.926)
 * and MRR (0.825) of scoring all 200. On PostgreSQL at 10,000 chunks the reranker's share of a text
 * search fell from about 7 ms to 3 ms at p50 (200 -> 100 candidates; the machine is noisy).
 */
export const RERANK_LIMIT = 100;

/**
 * Sections from one part file (a chapter) at most, so one chapter cannot crowd out the rest. Chosen on
 * the tune half (npm run eval, text both fused, recall@5): 3 -> 0.914, 4 -> 0.930, 6 or no cap -> 0.898.
 * At 3, the section that answers the question was often the fourth-best of its chapter ("Collecting a
 * good sputum sample" under "Sputum collection and referral") and was skipped however well it ranked.
 */
export const PER_PART_CAP = 4;

/**
 * How much a context word (population, findings) counts against a word of the diagnosis in full-text
 * scoring: pregnancy words must refine a consult about malaria in pregnancy, not pull another book's
 * pregnancy section above the malaria one (measured on the tune half: npm run eval).
 */
export const CONTEXT_WORD_WEIGHT = 0.5;

/**
 * The relevance floor: a section found only by a single list, below rank 20 of the strongest list, is
 * noise, not evidence, unless the reranker put it among the first k (its headings name the question).
 * With several lists, agreement lifts a section above it even at deeper ranks.
 */
function selectSections(
  fused: ReadonlyArray<ReturnType<typeof fuseRankings>[number]>,
  limits: { k: number; tokenBudget: number; perPartCap: number; floor: number },
): RetrievedSection[] {
  const chosen: RetrievedSection[] = [];
  const perPart = new Map<string, number>();
  const seenText = new Set<string>();
  let tokens = 0;
  for (const [rank, { section, fusedScore, foundBy }] of fused.entries()) {
    if (chosen.length >= limits.k) break;
    if (fusedScore < limits.floor && rank >= limits.k) continue;
    const textKey = normalisedBody(section);
    if (seenText.has(textKey)) continue;
    const partKey = `${section.accession}/${section.partFile}`;
    if ((perPart.get(partKey) ?? 0) >= limits.perPartCap) continue;
    if (chosen.length > 0 && tokens + section.tokenCount > limits.tokenBudget) continue;
    seenText.add(textKey);
    perPart.set(partKey, (perPart.get(partKey) ?? 0) + 1);
    tokens += section.tokenCount;
    chosen.push({ section, score: fusedScore, foundBy: foundBy.map((f) => `${f.list}#${f.rank}`) });
  }
  return chosen;
}

/** The same text under two title paths (a section repeated in two books) is one section to the prompt. */
function normalisedBody(section: GuidelineSection): string {
  const body = section.text.slice(section.text.indexOf('\n') + 1);
  return body.replace(/\s+/g, ' ').trim().toLowerCase();
}
