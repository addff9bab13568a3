import { describe, expect, it } from 'vitest';
import { portfolioInput } from '../../../contract/portfolio/admin';
import { EMPTY_PORTFOLIO_ITEM, portfolioPayload, portfolioProblem } from './portfolio-values';

describe('the portfolio form', () => {
  it('needs both the website name and URL after trimming', () => {
    expect(portfolioProblem(EMPTY_PORTFOLIO_ITEM)).toBe('Please provide website name and URL');
    expect(
      portfolioProblem({ ...EMPTY_PORTFOLIO_ITEM, websiteName: 'Bakery', websiteUrl: ' ' }),
    ).toBe('Please provide website name and URL');
    expect(
      portfolioProblem({
        ...EMPTY_PORTFOLIO_ITEM,
        websiteName: 'Bakery',
        websiteUrl: 'https://b.example',
      }),
    ).toBeNull();
  });

  it('trims and leaves out an empty description and logo', () => {
    const payload = portfolioPayload({
      websiteName: ' Bakery ',
      websiteUrl: ' https://b.example ',
      description: ' ',
      descriptionEs: '  ',
      logoUrl: '',
    });
    expect(payload).toEqual({ websiteName: 'Bakery', websiteUrl: 'https://b.example' });
    expect(portfolioInput.safeParse(payload).success).toBe(true);
  });

  it('sends the Spanish description trimmed', () => {
    const payload = portfolioPayload({
      ...EMPTY_PORTFOLIO_ITEM,
      websiteName: 'Bakery',
      websiteUrl: 'https://b.example',
      descriptionEs: ' Panadería del barrio ',
    });
    expect(payload.descriptionEs).toBe('Panadería del barrio');
    expect(portfolioInput.parse(payload).descriptionEs).toBe('Panadería del barrio');
  });
});
