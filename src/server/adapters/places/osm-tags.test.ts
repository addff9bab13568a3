import { describe, expect, it } from 'vitest';
import {
  contactFieldsFrom,
  escapeOverpassRegex,
  osmFiltersFor,
  socialProfilesFrom,
  webUrl,
} from './osm-tags.js';

describe('typed categories to OpenStreetMap tag filters', () => {
  it.each([
    ['plumber', ['["craft"="plumber"]']],
    ['electrician', ['["craft"="electrician"]']],
    ['restaurant', ['["amenity"="restaurant"]']],
    ['cafe', ['["amenity"="cafe"]']],
    ['coffee', ['["amenity"="cafe"]']],
    ['dentist', ['["amenity"="dentist"]', '["healthcare"="dentist"]']],
    ['doctor', ['["amenity"="doctors"]']],
    ['bakery', ['["shop"="bakery"]']],
    ['hairdresser', ['["shop"="hairdresser"]']],
    ['barber', ['["shop"="hairdresser"]']],
    ['salon', ['["shop"="hairdresser"]']],
    ['car repair', ['["shop"="car_repair"]']],
    ['mechanic', ['["shop"="car_repair"]']],
    ['auto repair', ['["shop"="car_repair"]']],
    ['lawyer', ['["office"="lawyer"]']],
    ['attorney', ['["office"="lawyer"]']],
    ['accountant', ['["office"="accountant"]']],
    ['florist', ['["shop"="florist"]']],
    ['gym', ['["leisure"="fitness_centre"]']],
    ['fitness', ['["leisure"="fitness_centre"]']],
    ['hotel', ['["tourism"="hotel"]']],
    ['pharmacy', ['["amenity"="pharmacy"]']],
    ['veterinarian', ['["amenity"="veterinary"]']],
    ['vet', ['["amenity"="veterinary"]']],
    ['roofer', ['["craft"="roofer"]']],
    ['carpenter', ['["craft"="carpenter"]']],
    ['painter', ['["craft"="painter"]']],
    ['real estate', ['["office"="estate_agent"]']],
  ])('%s', (category, filters) => {
    expect(osmFiltersFor(category)).toEqual(filters);
  });

  it.each([
    ['plumbers', '["craft"="plumber"]'],
    ['Dentists', '["amenity"="dentist"]'],
    ['  RESTAURANTS ', '["amenity"="restaurant"]'],
    ['bakeries', '["shop"="bakery"]'],
    ['pharmacies', '["amenity"="pharmacy"]'],
    ['Car   Repairs', '["shop"="car_repair"]'],
    ['attorneys', '["office"="lawyer"]'],
    ['cafes', '["amenity"="cafe"]'],
  ])('reads %j as a known category', (category, first) => {
    expect(osmFiltersFor(category)[0]).toBe(first);
  });

  it('matches names, case-insensitively, for anything else', () => {
    expect(osmFiltersFor('  Pool   Cleaning ')).toEqual(['["name"~"pool cleaning",i]']);
    expect(osmFiltersFor('constructor')).toEqual(['["name"~"constructor",i]']);
  });

  it('escapes regex characters and then the QL string, so a name search cannot break the query', () => {
    expect(escapeOverpassRegex('a.b*c')).toBe('a\\\\.b\\\\*c');
    expect(escapeOverpassRegex('say "hi"')).toBe('say \\"hi\\"');
    expect(escapeOverpassRegex('back\\slash')).toBe('back\\\\\\\\slash');
    expect(osmFiltersFor('C++ (tutors)')).toEqual(['["name"~"c\\\\+\\\\+ \\\\(tutors\\\\)",i]']);
  });
});

describe('OpenStreetMap tags to contact fields', () => {
  it('builds profile URLs from handles and keeps full URLs', () => {
    expect(
      socialProfilesFrom({
        'contact:facebook': 'facebook.com/joes',
        'contact:instagram': '@joes',
        'contact:x': 'joes_x',
        'contact:twitter': 'https://twitter.com/joes_old',
        'contact:linkedin': 'joes-plumbing',
        'contact:youtube': '@JoesTV',
        'contact:tiktok': 'joes;joes2',
      }),
    ).toEqual([
      { network: 'facebook', url: 'https://facebook.com/joes' },
      { network: 'instagram', url: 'https://www.instagram.com/joes' },
      { network: 'x', url: 'https://twitter.com/joes_old' },
      { network: 'linkedin', url: 'https://www.linkedin.com/company/joes-plumbing' },
      { network: 'youtube', url: 'https://www.youtube.com/@JoesTV' },
      { network: 'tiktok', url: 'https://www.tiktok.com/@joes' },
    ]);
  });

  it('ignores values that are neither a web address nor a handle', () => {
    expect(
      socialProfilesFrom({
        'contact:facebook': 'javascript:alert(1)',
        'contact:instagram': 'Joe Smith Plumbing',
      }),
    ).toEqual([]);
    expect(webUrl('javascript:alert(1)')).toBeNull();
    expect(webUrl('ftp://files.example/')).toBeNull();
    expect(webUrl('not a site')).toBeNull();
    expect(webUrl('www.example.com/about')).toBe('https://www.example.com/about');
  });

  it('composes the address from the addr:* parts that exist, and falls back to contact:* tags', () => {
    expect(
      contactFieldsFrom({
        'addr:street': 'Main St',
        'addr:city': 'Austin',
        'addr:state': 'TX',
        'contact:website': 'http://a.example',
        'contact:phone': '512-555-0100',
      }),
    ).toEqual({
      address: 'Main St, Austin, TX',
      website: 'http://a.example/',
      phone: '512-555-0100',
      socialProfiles: [],
    });
    expect(contactFieldsFrom({})).toEqual({
      address: null,
      website: null,
      phone: null,
      socialProfiles: [],
    });
  });
});
