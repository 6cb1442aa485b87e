import type { UseFormRegisterReturn } from 'react-hook-form';
import { ENTITY_NAME_MAX_LENGTH } from '@earmark/common';
import { TextField } from '../../../components/text-field';

/** An artist's or label's name and its Latin form. */
export function NameFields({
  name,
  nameLatin,
  errors,
}: {
  name: UseFormRegisterReturn<'name'>;
  nameLatin: UseFormRegisterReturn<'nameLatin'>;
  errors: { name?: { message?: string }; nameLatin?: { message?: string } };
}) {
  return (
    <>
      <TextField
        label="Name"
        autoComplete="off"
        maxLength={ENTITY_NAME_MAX_LENGTH}
        error={errors.name?.message}
        {...name}
      />
      <TextField
        label="Latin name"
        hint="Only when the name is written in another script: the name in Latin letters."
        autoComplete="off"
        maxLength={ENTITY_NAME_MAX_LENGTH}
        error={errors.nameLatin?.message}
        {...nameLatin}
      />
    </>
  );
}
