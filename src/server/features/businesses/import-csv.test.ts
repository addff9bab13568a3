import { describe, expect, it } from 'vitest';
import { parseDirectoryCsv } from './import-csv.js';

describe('directory CSV import', () => {
  it('keeps good rows and names each bad one by its line', () => {
    const csv = [
      '\uFEFFName,Category,Address,Lat,Lng,Website,Rating,Review_Count,Facebook,External_ID',
      'Bexar Pipe Co.,Plumber,"1 Main St, San Antonio",29.42,-98.49,https://bexar.example,4.5,12,https://facebook.example/bexar,B-1',
      ',Plumber,,29.4,-98.4,,,,,',
      'No Place,Dentist,,ninety,-98.4,,,,,',
      'Bad Site,Dentist,,29.4,-98.4,ftp://x,7,-1,,',
      'Too Many,Dentist,,29.4,-98.4,,,2147483648,,',
      '',
    ].join('\n');
    const { rows, errors } = parseDirectoryCsv(csv);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Bexar Pipe Co.',
      category: 'plumber',
      address: '1 Main St, San Antonio',
      ratingTenths: 45,
      reviewCount: 12,
      externalId: 'B-1',
      socialProfiles: [{ network: 'facebook', url: 'https://facebook.example/bexar' }],
    });
    expect(rows[0]!.searchTerms).toEqual(
      expect.arrayContaining(['plumber', 'plumbing', 'bexar', 'pipe']),
    );
    expect(errors).toEqual([
      { row: 3, message: 'name is empty' },
      { row: 4, message: 'lat must be a number from -90 to 90' },
      {
        row: 5,
        message:
          'rating must be from 0 to 5; review_count must be a whole number; website must start with http:// or https://',
      },
      // More than the database's integer holds: the row is refused, not a failed import.
      { row: 6, message: 'review_count must be a whole number' },
    ]);
  });

  it('refuses a file without the required columns', () => {
    expect(parseDirectoryCsv('name,city\nA,B\n').errors[0]!.message).toMatch(
      /lacks category, lat, lng/,
    );
  });
});

/** Links read from outside sources are kept only when they are http(s); the adapters' cases are in adapters/places/outside-links.test.ts. */
describe('links from outside sources', () => {
  it('directory CSV import: a website that is not http(s) refuses the row, a profile column is dropped', () => {
    const csv = [
      'name,category,lat,lng,website,facebook,instagram',
      `Bad,plumber,29.4,-98.5,javascript:alert(1),,`,
      `Good,plumber,29.4,-98.5,https://good.example,javascript:alert(1),https://www.instagram.com/good`,
    ].join('\n');
    const { rows, errors } = parseDirectoryCsv(csv);
    expect(errors).toEqual([{ row: 2, message: 'website must start with http:// or https://' }]);
    expect(rows.map((r) => [r.name, r.website, r.socialProfiles])).toEqual([
      [
        'Good',
        'https://good.example',
        [{ network: 'instagram', url: 'https://www.instagram.com/good' }],
      ],
    ]);
  });
});
