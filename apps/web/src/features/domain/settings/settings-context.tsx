import type { DomainConfig } from '@edgeward/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Form, type FormInstance, type FormProps } from 'antd';
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { ConfigSegment, SaveSegment, SegmentBody } from '../../../api/domain';
import { useI18n } from '../../../i18n';
import { applyConfigErrors, configFailureText, sameValues } from '../domain-form';

/**
 * What the settings sections work on. The CDN's settings page and the edge platform's general settings provide
 * it; each saves a segment its own way (the edge platform's through its /config part) and answers a config of the
 * CDN's shape, so one section serves both.
 */
export interface SettingsContextValue {
  id: number;
  config: DomainConfig;
  /** False while the domain is on its way in or out (creating, deleting, under review, rejected). */
  editable: boolean;
  saveSegment: SaveSegment;
  /** Each form section reports whether it holds unsaved edits; the page asks before they are lost. */
  setDirty: (section: string, dirty: boolean) => void;
}

export const SettingsContext = createContext<SettingsContextValue | null>(null);

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings must be used inside the domain settings page');
  return value;
}

/** Saves one segment through the page's saver; the answer is the whole updated config. */
export function useSegmentSave<S extends ConfigSegment>(segment: S) {
  const { saveSegment } = useSettings();
  return useMutation({ mutationFn: (body: SegmentBody<S>) => saveSegment(segment, body) });
}

/** Tells the page about this section's unsaved edits, and forgets them when the section goes away. */
function useDirtyReport(section: string, dirty: boolean) {
  const { setDirty } = useSettings();
  useEffect(() => setDirty(section, dirty), [setDirty, section, dirty]);
  useEffect(() => () => setDirty(section, false), [setDirty, section]);
}

/** Shows a failed save: 'Configuration failed' and the field errors under the fields. */
export function useConfigFailure() {
  const { t } = useI18n();
  const { message } = App.useApp();
  return useCallback(
    (error: unknown, options: { form?: FormInstance; listFields?: readonly string[]; shown?: boolean } = {}) => {
      const { form, listFields = [] } = options;
      const shown = options.shown === true || (form ? applyConfigErrors(form, error, t, listFields) : false);
      message.error({ content: configFailureText(error, t, shown), key: 'domain-config' });
    },
    [message, t],
  );
}

export interface SectionOptions<V, S extends ConfigSegment> {
  /** Unique within the page: the key of the unsaved-edits report. */
  name: string;
  segment: S;
  /** The form's values as the saved config gives them. */
  fromConfig: (config: DomainConfig) => V;
  /** The segment's body from the form's values; the field rules build it the same way. */
  toBody: (values: V) => SegmentBody<S>;
  /** Fields holding a list as text, whose entries' server errors go on the text field with the line number. */
  listFields?: readonly string[];
}

/**
 * One form section saved through one config segment: initial values from the config, unsaved-edit tracking,
 * validation, the save with its 'Configuration failed' answer, and the form refreshed from the returned config.
 */
export function useSection<V extends object, S extends ConfigSegment>(options: SectionOptions<V, S>) {
  const { name, segment, fromConfig, toBody, listFields } = options;
  const { config, editable } = useSettings();
  const { t } = useI18n();
  const { message } = App.useApp();
  const fail = useConfigFailure();
  const [form] = Form.useForm<V>();
  const save = useSegmentSave(segment);
  const [dirty, setDirty] = useState(false);
  useDirtyReport(name, dirty);

  const initial = fromConfig(config);
  const initialRef = useRef(initial);
  initialRef.current = initial;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  // A config refreshed from elsewhere (another section's save) replaces the values unless there are edits.
  const initialKey = JSON.stringify(initial);
  useEffect(() => {
    if (!dirtyRef.current && initialKey)
      form.setFieldsValue(initialRef.current as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, initialKey]);

  const onValuesChange = () => setDirty(!sameValues(form.getFieldsValue(true), initialRef.current));

  /** Validates, then saves; `after` lets a section react to the outcome (the origin check's retry). */
  const submit = async (after: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    save.mutate(toBody(form.getFieldsValue(true) as V), {
      onSuccess: (next) => {
        form.setFieldsValue(fromConfig(next) as Parameters<typeof form.setFieldsValue>[0]);
        setDirty(false);
        message.success({ content: t('domain.settings.saved'), key: 'domain-config' });
        after.onSuccess?.();
      },
      onError: (error) => {
        fail(error, { form, ...(listFields ? { listFields } : {}) });
        after.onError?.(error);
      },
    });
  };

  // initialValues follow the config on every render, so resetting goes back to what is saved.
  const reset = () => {
    form.resetFields();
    setDirty(false);
  };

  const formProps: FormProps<V> = {
    form,
    layout: 'vertical',
    initialValues: initial,
    onValuesChange,
    onFinish: () => void submit(),
    disabled: !editable,
    scrollToFirstError: true,
  };
  /** `touch` re-checks for edits after a value was set in code (setFieldValue does not report changes). */
  return { form, formProps, dirty, saving: save.isPending, reset, submit, touch: onValuesChange };
}

/** A switch that saves as soon as it is flipped (range, compression, WebSocket): no unsaved state to track. */
export function useInstantSave<S extends ConfigSegment>(segment: S) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const fail = useConfigFailure();
  const save = useSegmentSave(segment);
  /** `explain` may show a failure in place (and answer true) instead of the 'Configuration failed' message. */
  const run = (body: SegmentBody<S>, explain?: (error: unknown) => boolean) =>
    save.mutate(body, {
      onSuccess: () => message.success({ content: t('domain.settings.saved'), key: 'domain-config' }),
      onError: (error) => {
        if (!explain?.(error)) fail(error);
      },
    });
  return { run, saving: save.isPending };
}
