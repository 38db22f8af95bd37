import { act, render, screen } from '@testing-library/react';
import { initI18n } from 'shared-i18n';
import { openVoiceAssistant } from 'shared-ui/scheduling';
import { beforeAll, describe, expect, it } from 'vitest';
import { commonResources } from '../i18n/common';
import { ChatWidget } from './ChatWidget';

beforeAll(async () => {
  await initI18n('es', { es: { common: commonResources.es }, en: { common: commonResources.en } });
});

describe('the site assistant and Learn more', () => {
  it('opens when Learn more asks for a voice assistant and none is configured', () => {
    render(<ChatWidget />);
    expect(screen.queryByRole('dialog', { name: 'Asistente virtual' })).toBeNull();
    act(() => openVoiceAssistant(''));
    expect(screen.getByRole('dialog', { name: 'Asistente virtual' })).toBeVisible();
  });

  it('opens with the focus in the message field, and its conversation can be scrolled from the keyboard', () => {
    render(<ChatWidget />);
    act(() => screen.getByRole('button', { name: /Asistente/ }).click());
    expect(screen.getByRole('textbox', { name: 'Tu mensaje' })).toHaveFocus();
    const log = screen.getByRole('log', { name: 'Conversación con el asistente' });
    expect(log).toHaveAttribute('tabindex', '0');
  });

  it('stays closed when a voice assistant is configured: that widget answers', () => {
    render(<ChatWidget />);
    act(() => openVoiceAssistant('agent_123'));
    expect(screen.queryByRole('dialog', { name: 'Asistente virtual' })).toBeNull();
  });
});
