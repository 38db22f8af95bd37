import type { Contract, Payment, Submitter } from 'shared-api';
import { describe, expect, it } from 'vitest';
import { awaitingWording, canCreateContract, finishBlock, isLiveContract, paymentError } from './rules';

const contract = (status: Contract['status']): Contract => ({
  id: 'c',
  status,
  created_at: '2026-11-21T10:00:00Z',
  completed_at: null,
  expired_at: null,
  registration_id: 'r',
});
const signer = (role: Submitter['role'], status: Submitter['status']): Submitter => ({
  id: role,
  role,
  status,
  email: `${role}@x.es`,
});
const paid = { status: 'completed' } as Payment;

describe('review rules', () => {
  it('words the contract by who still has to sign', () => {
    expect(awaitingWording([signer('Cliente', 'awaiting'), signer('Empresa', 'awaiting')])).toBe('awaitingClient');
    expect(awaitingWording([signer('Cliente', 'opened'), signer('Empresa', 'awaiting')])).toBe('awaitingClient');
    expect(awaitingWording([signer('Cliente', 'completed'), signer('Empresa', 'awaiting')])).toBe('awaitingCompany');
    expect(awaitingWording([signer('Cliente', 'completed'), signer('Empresa', 'completed')])).toBe(
      'awaitingSignatures',
    );
    expect(awaitingWording([])).toBe('awaitingSignatures');
  });

  it('offers the contract only with payment, client and no live contract', () => {
    expect(canCreateContract({ payment: paid, clientId: 'CL-1', contract: null })).toBe(true);
    expect(canCreateContract({ payment: paid, clientId: 'CL-1', contract: contract('declined') })).toBe(true);
    expect(canCreateContract({ payment: paid, clientId: 'CL-1', contract: contract('expired') })).toBe(true);
    expect(canCreateContract({ payment: paid, clientId: 'CL-1', contract: contract('awaiting_signatures') })).toBe(
      false,
    );
    expect(canCreateContract({ payment: paid, clientId: null, contract: null })).toBe(false);
    expect(canCreateContract({ payment: { status: 'processing' } as Payment, clientId: 'CL-1', contract: null })).toBe(
      false,
    );
    expect(isLiveContract(contract('completed'))).toBe(true);
  });

  it('finishes only with a client and a completed contract', () => {
    expect(finishBlock({ clientId: null, contract: contract('completed') })).toBe('createClientFirst');
    expect(finishBlock({ clientId: 'CL-1', contract: contract('awaiting_signatures') })).toBe('contractNotCompleted');
    expect(finishBlock({ clientId: 'CL-1', contract: null })).toBe('contractNotCompleted');
    expect(finishBlock({ clientId: 'CL-1', contract: contract('completed') })).toBeNull();
  });

  it('maps payment failures to the messages of §8', () => {
    expect(paymentError('Authentication failed with the payment provider', 502)).toBe('configuration');
    expect(paymentError('Payment endpoint not found', 503)).toBe('unavailable');
    expect(paymentError('Failed to create payment: invalid email format', 502)).toBe('emailFormat');
    expect(paymentError('Failed to create payment: email missing', 502)).toBe('email');
    expect(paymentError('Network error', 0)).toBe('connection');
    expect(paymentError('Your session has expired. Please refresh the page and try again.', 401)).toBe(
      'sessionExpired',
    );
    expect(paymentError('Error loading payment widget', 502)).toBe('widget');
    expect(paymentError('boom', 500)).toBe('failed');
  });
});
