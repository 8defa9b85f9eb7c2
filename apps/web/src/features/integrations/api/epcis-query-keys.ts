/** Settings › integrations (issue 41): the EPCIS capture settings and their status. */
export const epcisQueryKeys = {
  capture: ['epcis', 'capture'] as const,
};
