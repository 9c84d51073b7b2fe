import { queryOptions } from '@tanstack/react-query';
import { getBillingStatement, getBillingStatements } from '@renraku/contract/client';
import { api } from '../../lib/api';

/** 請求 in my page (spec/billing.md §3): the family's issued statements. */
export const billingStatementsQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'statements'], queryFn: ({ signal }) => api(getBillingStatements, { signal }) });

export const billingStatementQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['billing', 'statements', id],
    queryFn: ({ signal }) => api(getBillingStatement, { params: { id }, signal }),
  });
