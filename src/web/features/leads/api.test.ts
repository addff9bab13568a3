import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import type { BusinessResult } from '../../../contract/businesses';
import { newLeadInput } from '../../../contract/leads';
import { searchQueryString } from '../businesses';
import { leadsExportUrl, resultIdOfLead, toNewLead } from './api';

const business: BusinessResult = {
  id: 'directory:abc',
  provider: 'directory',
  sourceId: 'abc',
  name: 'Alamo Pipe Pros (demo)',
  address: '12 Main St, San Antonio, TX 78205',
  rating: '4.5',
  reviewCount: 120,
  distance: 2.3,
  website: 'alamo-pipe-pros.example',
  phone: '(210) 555-0142',
  socialMedia: ['facebook'],
  socialProfiles: [{ network: 'facebook', url: 'https://facebook.example/alamo' }],
  recentPosts: ['Open Saturday'],
  lat: 29.42,
  lng: -98.49,
  lead: null,
};

describe('toNewLead', () => {
  it('builds a lead the server accepts from a search result and the searched category', () => {
    const lead = toNewLead(business, '  plumber ');
    expect(z.safeParse(newLeadInput, lead).success).toBe(true);
    expect(lead).toMatchObject({ provider: 'directory', sourceId: 'abc', category: 'plumber', website: 'https://alamo-pipe-pros.example', rating: '4.5' });
    expect(resultIdOfLead(lead)).toBe(business.id);
  });

  it('keeps missing facts as null', () => {
    const lead = toNewLead({ ...business, website: null, rating: null, reviewCount: null, address: null, phone: null, socialProfiles: [] }, 'plumber');
    expect(z.safeParse(newLeadInput, lead).success).toBe(true);
    expect(lead).toMatchObject({ website: null, rating: null, reviewCount: null, address: null, phone: null, socialProfiles: [] });
  });
});

describe('query strings', () => {
  it('sends a typed place rather than the browser position', () => {
    expect(searchQueryString({ category: 'plumber', radius: 30, location: 'New Braunfels', lat: 1, lng: 2 })).toBe(
      'category=plumber&radius=30&location=New+Braunfels',
    );
    expect(searchQueryString({ category: 'hair salon', radius: 5, location: '', lat: 29.42412345, lng: -98.4936 })).toBe(
      'category=hair+salon&radius=5&lat=29.42412&lng=-98.4936',
    );
    expect(searchQueryString({ category: 'dentist', radius: 50, location: '' })).toBe('category=dentist&radius=50');
  });

  it('exports the leads with the status filter', () => {
    expect(leadsExportUrl('')).toBe('/api/leads/export.csv');
    expect(leadsExportUrl('won')).toBe('/api/leads/export.csv?status=won');
  });
});
