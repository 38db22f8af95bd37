import { useCallback, useEffect, useState } from 'react';
import { ApiError, api, type Contract, type MoveIn, type Payment, type Submitter } from 'shared-api';
import { useDraft } from '../session/store';
import { useRegistrationRealtime } from './realtime';

type Loaded<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; network: boolean };

/** Payment, contract and global status of the registration, kept current by the realtime stream. */
export function useReviewState(registrationId: string | null) {
  const [payment, setPayment] = useState<Loaded<Payment | null>>({ state: 'loading' });
  const [contract, setContract] = useState<Loaded<{ contract: Contract | null; submitters: Submitter[] }>>({
    state: 'loading',
  });

  const loadPayment = useCallback(async () => {
    if (!registrationId) return;
    try {
      const { payment: value } = await api.call('get-payment-status', { registrationId });
      setPayment({ state: 'ready', value });
    } catch (error) {
      setPayment({ state: 'error', network: error instanceof ApiError && error.status === 0 });
    }
  }, [registrationId]);

  const loadContract = useCallback(async () => {
    if (!registrationId) return;
    try {
      setContract({ state: 'ready', value: await api.call('get-contract-status', { registrationId }) });
    } catch (error) {
      setContract({ state: 'error', network: error instanceof ApiError && error.status === 0 });
    }
  }, [registrationId]);

  const [registrationError, setRegistrationError] = useState<null | { network: boolean }>(null);
  const [moveIn, setMoveIn] = useState<MoveIn | null>(null);
  const loadRegistration = useCallback(async () => {
    if (!registrationId) return;
    try {
      const { globalStatus, moveIn: current } = await api.call('get-registration-global-status', { registrationId });
      setRegistrationError(null);
      setMoveIn(current ?? null);
      if (useDraft.getState().draft.globalStatus !== globalStatus) useDraft.getState().update({ globalStatus });
    } catch (error) {
      setRegistrationError({ network: error instanceof ApiError && error.status === 0 });
    }
  }, [registrationId]);

  useEffect(() => {
    void loadPayment();
    void loadContract();
    void loadRegistration();
  }, [loadPayment, loadContract, loadRegistration]);

  useRegistrationRealtime(registrationId, {
    onPayment: () => void loadPayment(),
    onContract: () => void loadContract(),
    onRegistration: () => void loadRegistration(),
    onReconnect: () => {
      void loadPayment();
      void loadContract();
      void loadRegistration();
    },
  });

  return { payment, contract, registrationError, moveIn, loadPayment, loadContract, loadRegistration };
}
