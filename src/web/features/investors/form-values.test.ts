import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { investorInput, type Investor } from '../../../contract/investors/investors';
import { EMPTY_FORM, formValuesOf, payloadOf, splitList, toggled } from './form-values';

const investor: Investor = {
  id: '7d1d6c1e-0000-4000-8000-000000000001',
  name: 'Avery Lang',
  title: 'Principal',
  firm: 'Bluebonnet Capital (demo)',
  location: 'Dallas, TX',
  profilePhoto: null,
  linkedinUrl: 'https://linkedin.example/in/avery-lang-demo',
  email: null,
  linkedinConnections: 1786,
  networkValue: 'Medium',
  expertise: ['B2B SaaS', 'Cybersecurity'],
  portfolioCompanies: ['Quarry Demo', 'Gridlock Demo'],
  investmentRange: '$1M - $5M',
  portfolioSize: 25,
  stages: ['Series A', 'Growth'],
  industries: ['SaaS/Tech'],
  source: 'demo',
  relationshipStatus: 'not_contacted',
  relationshipNotes: null,
  introducer: null,
  nextFollowUp: null,
};

describe('the investor form', () => {
  it('sends what it shows for an existing investor unchanged, and the server accepts it', () => {
    const payload = payloadOf(formValuesOf(investor));
    const parsed = z.safeParse(investorInput, payload);
    expect(parsed.success).toBe(true);
    // The relationship is not part of the profile form: it has its own controls and endpoint.
    const {
      id: _id,
      source: _source,
      relationshipStatus: _r,
      relationshipNotes: _n,
      introducer: _i,
      nextFollowUp: _f,
      ...fields
    } = investor;
    expect(parsed.data).toEqual(fields);
  });

  it('sends blank text as null, trims, splits lists on commas and reads "1,786" as a number', () => {
    const payload = payloadOf({
      ...EMPTY_FORM,
      name: '  Pat  ',
      title: '   ',
      expertise: ' AI/ML, , Payments ,',
      linkedinConnections: '1,786',
      portfolioSize: ' 12 ',
    });
    expect(payload).toMatchObject({
      name: 'Pat',
      title: null,
      email: null,
      expertise: ['AI/ML', 'Payments'],
      portfolioCompanies: [],
      linkedinConnections: 1786,
      portfolioSize: 12,
    });
  });

  it('leaves a number it cannot read to the server, which names the field', () => {
    const payload = payloadOf({ ...EMPTY_FORM, name: 'Pat', linkedinConnections: 'lots' });
    expect(payload.linkedinConnections).toBe('lots');
    const parsed = z.safeParse(investorInput, payload);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['linkedinConnections']);
  });

  it('splits lists and keeps checkbox choices in the contract order', () => {
    expect(splitList('')).toEqual([]);
    expect(splitList('a,b , c')).toEqual(['a', 'b', 'c']);
    const stages = ['Seed', 'Series A', 'Series B+', 'Growth'] as const;
    expect(toggled(stages, ['Growth'], 'Seed', true)).toEqual(['Seed', 'Growth']);
    expect(toggled(stages, ['Seed', 'Growth'], 'Seed', false)).toEqual(['Growth']);
  });
});
