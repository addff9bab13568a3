import { describe, expect, it } from 'vitest';
import { getClient, listClients } from '../../contract/clients/clients.js';
import { refundClientInvoice } from '../../contract/clients/clients.js';
import { apiPath } from './api-path.js';

describe('apiPath', () => {
  it('fills path parameters, encoded', () => {
    expect(apiPath(getClient, { id: 'a/b c' })).toBe('/api/clients/a%2Fb%20c');
    expect(apiPath(refundClientInvoice, { id: 'c1', invoiceId: 'i2' })).toBe(
      '/api/clients/c1/invoices/i2/refund',
    );
  });

  it('refuses a missing parameter instead of sending ":id"', () => {
    expect(() => apiPath(getClient)).toThrow(/needs :id/);
  });

  it('adds a query from an object (undefined left out, arrays repeated) or a raw string', () => {
    expect(apiPath(listClients, {}, { search: 'Oak & Co', page: 2, status: undefined })).toBe(
      '/api/clients?search=Oak+%26+Co&page=2',
    );
    expect(apiPath(listClients, {}, { status: ['a', 'b'] })).toBe('/api/clients?status=a&status=b');
    expect(apiPath(listClients, {}, 'page=%00')).toBe('/api/clients?page=%00');
  });
});
