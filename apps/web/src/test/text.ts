import type { MatcherFunction } from '@testing-library/react';

/**
 * getByText for one of our sentences whose tenant or candidate text sits in <bdi> elements (issue 13), so
 * the sentence is split over several nodes: the innermost element whose text content is the whole sentence.
 */
export function sentence(text: string): MatcherFunction {
  return (_content, element) => element?.textContent === text && ![...element.children].some((child) => child.textContent === text);
}
