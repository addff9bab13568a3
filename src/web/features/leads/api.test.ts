import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import type { BusinessResult } from '../../../contract/businesses/businesses';
import { newLeadInput } from '../../../contract/leads/leads';
import { searchQueryString } from '../businesses';
import type { Lead, LeadBoard } from '../../../contract/leads/leads';
import { leadsExportUrl, moveOnBoard, resultIdOfLead, toNewLead } from './api';

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
    expect(lead).toMatchObject({
      provider: 'directory',
      sourceId: 'abc',
      category: 'plumber',
      website: 'https://alamo-pipe-pros.example',
      rating: '4.5',
    });
    expect(resultIdOfLead(lead)).toBe(business.id);
  });

  it('keeps missing facts as null', () => {
    const lead = toNewLead(
      {
        ...business,
        website: null,
        rating: null,
        reviewCount: null,
        address: null,
        phone: null,
        socialProfiles: [],
      },
      'plumber',
    );
    expect(z.safeParse(newLeadInput, lead).success).toBe(true);
    expect(lead).toMatchObject({
      website: null,
      rating: null,
      reviewCount: null,
      address: null,
      phone: null,
      socialProfiles: [],
    });
  });
});

describe('query strings', () => {
  it('sends a typed place rather than the browser position', () => {
    expect(
      searchQueryString({
        category: 'plumber',
        radius: 30,
        location: 'New Braunfels',
        lat: 1,
        lng: 2,
      }),
    ).toBe('category=plumber&radius=30&location=New+Braunfels');
    expect(
      searchQueryString({
        category: 'hair salon',
        radius: 5,
        location: '',
        lat: 29.42412345,
        lng: -98.4936,
      }),
    ).toBe('category=hair+salon&radius=5&lat=29.42412&lng=-98.4936');
    expect(searchQueryString({ category: 'dentist', radius: 50, location: '' })).toBe(
      'category=dentist&radius=50',
    );
  });

  it('exports the leads with the status and due filters', () => {
    expect(leadsExportUrl('')).toBe('/api/leads/export.csv');
    expect(leadsExportUrl('won')).toBe('/api/leads/export.csv?status=won');
    expect(leadsExportUrl('new', true)).toBe('/api/leads/export.csv?status=new&due=today');
  });
});

describe('moving a card on the board', () => {
  const lead = (id: string, status: Lead['status']) => ({ id, status, name: id }) as Lead;
  const board: LeadBoard = {
    today: '2026-11-25',
    columns: [
      { status: 'new', total: 5, items: [lead('a', 'new'), lead('b', 'new')] },
      { status: 'contacted', total: 1, items: [lead('c', 'contacted')] },
      { status: 'won', total: 0, items: [] },
      { status: 'lost', total: 0, items: [] },
    ],
  };

  it('takes the card out of its column, puts it first in the new one, and moves one off the totals', () => {
    const moved = moveOnBoard(board, lead('b', 'won'));
    expect(moved.columns.map((c) => [c.status, c.total, c.items.map((l) => l.id)])).toEqual([
      ['new', 4, ['a']],
      ['contacted', 1, ['c']],
      ['won', 1, ['b']],
      ['lost', 0, []],
    ]);
    // Moving it back where it is changes nothing but the card.
    expect(moveOnBoard(moved, lead('b', 'won')).columns.map((c) => c.total)).toEqual([4, 1, 1, 0]);
  });
});
