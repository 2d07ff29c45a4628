// The dashboard's People tab, loaded when first opened, with the part of Mantine's stylesheet its table uses.
import '../../../styles/mantine-rest.css';
import { useLingui } from '@lingui/react';
import { Badge, Card, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@pac/api';
import { userRoleValues, type UserRoleValue } from '@pac/validators';
import { LoadingRows, QueryState } from '../../../components/QueryState';
import { useDates } from '../../../lib/language';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';

type Person = RouterOutputs['users']['list'][number];

/** How each role reads in the People list (English; shown through `i18n._`). */
export const roleLabels: Record<UserRoleValue, string> = {
  admin: /*i18n*/ 'Administrator',
  organizer: /*i18n*/ 'Organizer',
  member: /*i18n*/ 'Member',
};

function RoleSelect({
  person,
  pending,
  onChange,
}: {
  person: Person;
  pending: boolean;
  onChange: (role: UserRoleValue) => void;
}) {
  const { i18n } = useLingui();
  return (
    <NativeSelect
      aria-label={i18n._('Role of {name}', { name: person.name })}
      value={person.role}
      disabled={pending}
      data={userRoleValues.map((role) => ({ value: role, label: i18n._(roleLabels[role]) }))}
      onChange={(event) => onChange(event.currentTarget.value as UserRoleValue)}
      miw={150}
    />
  );
}

/**
 * People (administrators): every account with its role, verified state, signups and last login;
 * the role can be changed here. The server keeps the last administrator (409) and says so.
 */
export function People() {
  const { i18n } = useLingui();
  const dates = useDates();
  const utils = trpc.useUtils();
  const people = trpc.users.list.useQuery();
  const setRole = trpc.users.setRole.useMutation({
    onSuccess: (user) =>
      notifySuccess(
        i18n._('Role Updated'),
        i18n._(
          '{role, select, admin {{name} is now administrator.} organizer {{name} is now organizer.} other {{name} is now member.}}',
          { role: user.role, name: user.name },
        ),
      ),
    onError: (error) =>
      notifyFailure(i18n._('Role Change Failed'), error, i18n._('Failed to change the role. Please try again.')),
    onSettled: () => utils.users.list.invalidate(),
  });

  const body = (
    <QueryState
      query={people}
      loading={<LoadingRows rows={4} height={36} label={i18n._('Loading people')} />}
      failed={i18n._('Could not load people')}
    >
      {(list) => (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" striped aria-label={i18n._('People')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{i18n._('Name', undefined, { comment: "A column: a person's name" })}</Table.Th>
                <Table.Th>{i18n._('Email', undefined, { comment: "A column: a person's email address" })}</Table.Th>
                <Table.Th>
                  {i18n._('Role', undefined, {
                    comment: "A column: a person's role (administrator, organizer, member)",
                  })}
                </Table.Th>
                <Table.Th>
                  {i18n._('Signups', undefined, { comment: 'A column: how many signups a person has' })}
                </Table.Th>
                <Table.Th>
                  {i18n._('Sheets', undefined, { comment: 'A column: how many signup sheets a person runs' })}
                </Table.Th>
                <Table.Th>{i18n._('Last login')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((person) => (
                <Table.Tr key={person.id}>
                  <Table.Td>
                    <Text fw={500}>{person.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {person.email}
                    </Text>
                    <Badge size="xs" variant="light" color={person.emailVerified ? 'teal' : 'gray'}>
                      {person.emailVerified ? i18n._('Verified') : i18n._('Not verified')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <RoleSelect
                      person={person}
                      pending={setRole.isPending && setRole.variables.id === person.id}
                      onChange={(role) => setRole.mutate({ id: person.id, role })}
                    />
                  </Table.Td>
                  <Table.Td>{person.signups}</Table.Td>
                  <Table.Td>{person.sheets}</Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {person.lastLoginAt ? dates.formatDateTime(person.lastLoginAt) : i18n._('Never')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryState>
  );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="people-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="people-title">
            {i18n._('People')}
          </Title>
          <Text size="sm" c="dimmed">
            {i18n._(
              'Organizers run the signup sheets they own; administrators run everything. There is always at least one administrator.',
            )}
          </Text>
        </div>
        {body}
      </Stack>
    </Card>
  );
}
