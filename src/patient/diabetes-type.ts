/**
 * The type of diabetes a diagnosis names, as health workers write it ("type 1 diabetes", "T1DM", "DM2",
 * "insulin-dependent"). Type 1 is treated with insulin from diagnosis; type 2 starts with metformin, and
 * insulin is a later step. A diagnosis that names neither ("diabetes", "sugar sickness") has no type.
 */
export const TYPE_1_DIABETES = /\btype (?:1|i|one) (?:diabet|dm)\w*|\bt1dm?\b|\bdm ?1\b|\bjuvenile diabet\w*|\binsulin[- ]dependent\b/i;
export const TYPE_2_DIABETES = /\btype (?:2|ii|two) (?:diabet|dm)\w*|\bt2dm?\b|\bdm ?2\b/i;
