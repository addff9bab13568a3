import type { Investor, InvestorPayload } from '../../../contract/investors/investors';
import type { Industry, InvestmentStage } from './url-state';

/** The add/edit form as typed: text everywhere, lists comma-separated, numbers as written. */
export interface InvestorFormValues {
  name: string;
  title: string;
  firm: string;
  location: string;
  linkedinUrl: string;
  email: string;
  profilePhoto: string;
  linkedinConnections: string;
  networkValue: string;
  expertise: string;
  portfolioCompanies: string;
  investmentRange: string;
  portfolioSize: string;
  stages: InvestmentStage[];
  industries: Industry[];
}

/** What the browser sends: blank optional values left out. */
export type { InvestorPayload };
export type TextKey = Exclude<keyof InvestorFormValues, 'stages' | 'industries'>;

export const EMPTY_FORM: InvestorFormValues = {
  name: '',
  title: '',
  firm: '',
  location: '',
  linkedinUrl: '',
  email: '',
  profilePhoto: '',
  linkedinConnections: '',
  networkValue: '',
  expertise: '',
  portfolioCompanies: '',
  investmentRange: '',
  portfolioSize: '',
  stages: [],
  industries: [],
};

export function formValuesOf(investor: Investor): InvestorFormValues {
  const text = (v: string | null) => v ?? '';
  const count = (v: number | null) => (v === null ? '' : String(v));
  return {
    name: investor.name,
    title: text(investor.title),
    firm: text(investor.firm),
    location: text(investor.location),
    linkedinUrl: text(investor.linkedinUrl),
    email: text(investor.email),
    profilePhoto: text(investor.profilePhoto),
    linkedinConnections: count(investor.linkedinConnections),
    networkValue: text(investor.networkValue),
    expertise: investor.expertise.join(', '),
    portfolioCompanies: investor.portfolioCompanies.join(', '),
    investmentRange: text(investor.investmentRange),
    portfolioSize: count(investor.portfolioSize),
    stages: investor.stages as InvestmentStage[],
    industries: investor.industries as Industry[],
  };
}

export const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Empty text is sent as null; a number may be written '1,786'; the server checks the rest. */
function countOf(text: string): number | string | null {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '') return null;
  return /^\d+$/.test(cleaned) ? Number(cleaned) : text.trim();
}

export function payloadOf(values: InvestorFormValues): InvestorPayload {
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    name: values.name.trim(),
    title: text(values.title),
    firm: text(values.firm),
    location: text(values.location),
    linkedinUrl: text(values.linkedinUrl),
    email: text(values.email),
    profilePhoto: text(values.profilePhoto),
    linkedinConnections: countOf(values.linkedinConnections),
    networkValue: text(values.networkValue),
    expertise: splitList(values.expertise),
    portfolioCompanies: splitList(values.portfolioCompanies),
    investmentRange: text(values.investmentRange),
    portfolioSize: countOf(values.portfolioSize),
    stages: values.stages,
    industries: values.industries,
  };
}

/** Ticks or unticks one choice, keeping the contract's order. */
export function toggled<T extends string>(
  all: readonly T[],
  chosen: readonly T[],
  value: T,
  on: boolean,
): T[] {
  return all.filter((v) => (v === value ? on : chosen.includes(v)));
}
